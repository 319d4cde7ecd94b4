import {
  notificationCountAnswer,
  notificationListQuery,
  notificationPageAnswer,
  notificationPreferencesAnswer,
  notificationPreferencesInput,
} from '@amp/contracts/notification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import { principalOf } from '../../plugins/auth.js';
import * as notification from './notification.service.js';

const tags = ['notification'];
/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notification/count',
    { schema: { tags, summary: 'Unread notifications', response: { 200: notificationCountAnswer } }, config: { access: 'signedIn' } },
    async (request) => ({ data: await notification.unreadCount(app.deps, principalOf(request)) }),
  );

  app.get(
    '/notification',
    {
      schema: {
        tags,
        summary: 'Notifications, newest first',
        querystring: notificationListQuery,
        response: { 200: notificationPageAnswer },
      },
      config: { access: 'signedIn' },
    },
    (request) => notification.list(app.deps, principalOf(request), languageOf(request.headers['accept-language']), request.query),
  );

  // The mobile apps' call fixes the method (docs/api-contract.md#notifications): the panel calls GET when it closes or a notification is clicked.
  app.get(
    '/notification/clear',
    {
      schema: { tags, summary: 'Mark every notification read', response: { 200: notificationCountAnswer } },
      config: { access: 'signedIn' },
    },
    async (request) => ({ data: await notification.clear(app.deps, principalOf(request)) }),
  );

  app.get(
    '/notification/preferences',
    {
      schema: { tags, summary: 'Notification preferences per event', response: { 200: notificationPreferencesAnswer } },
      config: { access: 'signedIn' },
    },
    async (request) => ({ data: await notification.preferences(app.deps, principalOf(request)) }),
  );

  app.put(
    '/notification/preferences',
    {
      schema: {
        tags,
        summary: 'Change notification preferences',
        body: notificationPreferencesInput,
        response: { 200: notificationPreferencesAnswer },
      },
      config: { access: 'signedIn' },
    },
    async (request) => ({ data: await notification.savePreferences(app.deps, principalOf(request), request.body) }),
  );

  /**
   * Server-Sent Events: `count` once, then `notification` for each new one. Read with fetch and
   * the bearer header (EventSource cannot send it; a token never goes in a URL).
   */
  app.get(
    '/notification/stream',
    { schema: { tags, summary: 'Live notifications (text/event-stream)' }, config: { access: 'signedIn' }, compress: false },
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
    },
  );
};
