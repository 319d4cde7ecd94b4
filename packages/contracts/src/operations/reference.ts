import { dataOf } from '../fields.js';
import { publicConfigSchema, statesAnswer } from '../reference.js';
import { operation } from './operation.js';

const tags = ['reference'];

/** Reference data every form needs, public for the registration and fault forms. */
export const referenceOperations = {
  states: operation({
    method: 'GET',
    path: '/v2/states',
    tags,
    summary: 'The states with their LGAs',
    operationId: 'listStates',
    access: 'public',
    response: { 200: statesAnswer },
  }),
  /** The address the web app is reached at, for links that leave the screen (QR labels open the fault portal). */
  publicConfig: operation({
    method: 'GET',
    path: '/v2/config/public',
    tags,
    summary: 'Public configuration: the address of the web app',
    operationId: 'getPublicConfig',
    access: 'public',
    response: { 200: dataOf(publicConfigSchema) },
  }),
};
