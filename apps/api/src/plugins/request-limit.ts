import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';
import { authenticate } from './auth.js';

/**
 * The general request limit of the API (docs/decisions: response contracts and the OpenAPI
 * document): per user when a bearer token resolves to a session, otherwise per IP, in a fixed
 * window, with the RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers on every answer
 * and Retry-After on a 429. Counted in memory, or in Redis when REDIS_URL is set so that several
 * API processes share one count. It is a ceiling for floods; the stricter limits of sign-in, reset,
 * registration and the public look-ups (lib/rate-limit.ts, in the database) stay as they are.
 */
export async function registerRequestLimits(app: FastifyInstance, config: Config) {
  const redis = config.REDIS_URL
    ? // As @fastify/rate-limit advises: fail fast, so an unreachable Redis does not hold requests up.
      new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  await app.register(rateLimit, {
    // Applied below to the API's routes only (not the web app's files or the API docs).
    global: false,
    ...(redis ? { redis, nameSpace: 'amp:request-limit:' } : {}),
    timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    // The session lookup is the one the access guard needs anyway (authenticate runs once per request).
    keyGenerator: async (request) => {
      await authenticate(request);
      return request.auth ? `user:${request.auth.userId}` : `ip:${normalizeIP(request.ip)}`;
    },
    max: async (request) => (request.auth ? config.RATE_LIMIT_PER_USER : config.RATE_LIMIT_PER_IP),
    // IETF draft header names (RateLimit-*), as the API document declares them.
    enableDraftSpec: true,
    // A store failure lets the request through (the database limits still guard the sensitive routes).
    skipOnError: true,
    errorResponseBuilder: () => new AppError(429, 'AUTH.TOO_MANY_ATTEMPTS'),
  });

  const limit: onRequestHookHandler = app.rateLimit();
  // Runs before the access guard (plugins/access.ts puts the guard first; this hook is added after it
  // and puts the limit in front), so a flood of requests without a valid session is limited too.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/v2/')) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [limit, ...existing];
  });
}
