import { apiErrorSchema, messageAnswer, pageOf } from '../fields.js';
import { failedMailListQuery, failedMailSchema, mailIdParams } from '../mail.js';
import { operation } from './operation.js';

const tags = ['mail'];
/** The super admin's, kept to the platform by the access module. */
const access = { permission: 'manageUserRegistration' } as const;

/** The super admin's view of mail delivery. */
export const mailOperations = {
  failed: operation({
    method: 'GET',
    path: '/v2/mail/failed',
    tags,
    summary: 'Mail that could not be delivered after its last attempt, newest first',
    operationId: 'listFailedMail',
    access,
    query: failedMailListQuery,
    response: { 200: pageOf(failedMailSchema) },
  }),
  retry: operation({
    method: 'POST',
    path: '/v2/mail/retry/:id',
    tags,
    summary: 'Send a failed mail again',
    operationId: 'retryMail',
    access,
    params: mailIdParams,
    response: { 200: messageAnswer, 409: apiErrorSchema },
  }),
};
