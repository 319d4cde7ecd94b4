import { apiErrorSchema, messageAnswer, pageOf } from '@amp/contracts/fields';
import { failedMailListQuery, failedMailSchema, mailIdParams } from '@amp/contracts/mail';
import { formatMessage } from '@amp/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.js';
import * as mail from './mail.service.js';

const tags = ['mail'];

/** The super admin's view of mail delivery (the access module keeps it to the platform). */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mail/failed',
    {
      schema: {
        tags,
        summary: 'Mail that could not be delivered after its last attempt, newest first',
        operationId: 'listFailedMail',
        querystring: failedMailListQuery,
        response: { 200: pageOf(failedMailSchema) },
      },
      config: { access: { permission: 'manageUserRegistration' } },
    },
    (request) => mail.failedPage(app.deps, principalOf(request), request.query),
  );

  app.post(
    '/mail/retry/:id',
    {
      schema: {
        tags,
        summary: 'Send a failed mail again',
        operationId: 'retryMail',
        params: mailIdParams,
        response: { 200: messageAnswer, 409: apiErrorSchema },
      },
      config: { access: { permission: 'manageUserRegistration' } },
    },
    async (request) => {
      await mail.retry(app.deps, principalOf(request), request.params.id);
      return { data: { message: formatMessage('MAIL.RETRY_QUEUED') } };
    },
  );
};
