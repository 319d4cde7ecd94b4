import { formatMessage } from '@amp/contracts/messages';
import { mailOperations as op } from '@amp/contracts/operations/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as mail from './mail.service.js';

/** The routes of packages/contracts/src/operations/mail.ts: each one's handler. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.failed, (request) => mail.failedPage(app.deps, principalOf(request), request.query));
  operationRoute(app, op.retry, async (request) => {
    await mail.retry(app.deps, principalOf(request), request.params.id);
    return { data: { message: formatMessage('MAIL.RETRY_QUEUED') } };
  });
};
