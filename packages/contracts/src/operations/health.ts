import { healthAnswer } from '../health.js';
import { operation } from './operation.js';

/** The platform's health, for the public status page and monitors. */
export const healthOperations = {
  health: operation({
    method: 'GET',
    path: '/v2/health',
    tags: ['health'],
    summary: 'The health of the API, the database, the job queue and mail delivery',
    operationId: 'getHealth',
    access: 'public',
    response: { 200: healthAnswer },
  }),
};
