import { METHODS } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import FindMyWay from 'find-my-way';

/**
 * The longest path parameter the API takes. Every declared parameter is at most this long (a
 * reset token: 200 characters), so a longer one names nothing; the OpenAPI document shows each
 * one's own maximum, which its schema enforces (400).
 */
export const MAX_PATH_PARAM_LENGTH = 500;

/**
 * Which methods an API path has, for a 405 with `Allow` instead of a 404 when a client uses the
 * wrong one. Fastify's router answers for one method at a time, so the /v2 routes are also kept
 * in a router of their own (find-my-way, the one Fastify uses) that is asked for each method.
 */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const router = FindMyWay({ maxParamLength: MAX_PATH_PARAM_LENGTH, ignoreTrailingSlash: false });
  const noop = () => {};
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/v2')) return;
    for (const method of [route.method].flat()) router.on(method as never, route.url, noop);
  });
  return (path) => METHODS.filter((method) => router.find(method as never, path) !== null);
}
