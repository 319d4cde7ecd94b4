import { notificationOperations as op } from '@amp/contracts/operations/notification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as notification from './notification.service.js';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** The routes of packages/contracts/src/operations/notification.ts: each one's handler. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.count, async (request) => ({ data: await notification.unreadCount(app.deps, principalOf(request)) }));
  operationRoute(app, op.list, (request) =>
    notification.list(app.deps, principalOf(request), languageOf(request.headers['accept-language']), request.query),
  );
  operationRoute(app, op.clear, async (request) => ({ data: await notification.clear(app.deps, principalOf(request)) }));
  operationRoute(app, op.preferences, async (request) => ({ data: await notification.preferences(app.deps, principalOf(request)) }));
  operationRoute(app, op.savePreferences, async (request) => ({
    data: await notification.savePreferences(app.deps, principalOf(request), request.body),
  }));

  // Server-Sent Events (the operation says what they carry); never compressed, so each event leaves at once.
  operationRoute(
    app,
    op.stream,
    async (request, reply) => {
      const principal = principalOf(request);
      reply.hijack();
      const raw = reply.raw;
      // Headers set by hooks so far (security headers, rate-limit counts) go out too.
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      raw.write(': connected\n\n');
      const send = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const close = await notification.openStream(app.deps, principal, {
        language: languageOf(request.headers['accept-language']),
        send,
        end: () => raw.end(),
      });
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        close();
      };
      request.raw.on('close', end);
      // Hijacked: Fastify sends nothing of its own whatever the handler answers.
      return reply;
    },
    { compress: false },
  );
};
