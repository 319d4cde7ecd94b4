import { apiErrorSchema } from '../fields.js';
import { observationDecisionSchema, observationIdParams, srDetailAnswer } from '../service-request.js';
import type { PermissionAccess } from './access-rule.js';
import { operation } from './operation.js';

/** The owner's decision on an observation, under the service requests in the documentation. */
const tags = ['service request'];
/** Deciding an observation is the owner's, like closing the request it answers. */
const OWNS: PermissionAccess = { permission: 'viewOutgoingSR' };

/**
 * The owner's decision on an observation: its own table because one of its answers raises a work
 * order, a step composed above the service request and work order modules (decision 0033).
 */
export const observationDecisionOperations = {
  decideObservation: operation({
    method: 'POST',
    path: '/v2/observation/accept/:id',
    tags,
    summary: 'The owner accepts or rejects (with a reason) the observation awaiting its decision, or raises a work order from it',
    operationId: 'decideObservation',
    description:
      '`action`: `accept` resolves the request; `reject` sends it back to the staff; `work_order` accepts it and raises a work order for the same provider with its lines and evidence unchanged (needs manageWO; `workOrder` sets its title, priority, due date and whether it is submitted now).',
    access: OWNS,
    params: observationIdParams,
    body: observationDecisionSchema,
    response: { 200: srDetailAnswer, 409: apiErrorSchema },
  }),
};
