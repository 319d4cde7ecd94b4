import { observationDecisionOperations as op } from '@amp/contracts/operations/observation-decision';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import { decideObservation, requestOfObservation, serviceRequestDetail } from '../service-request/service-request.public.js';
import { raiseFromObservation } from '../work-order/work-order.public.js';

/**
 * The route of packages/contracts/src/operations/observation-decision.ts. Its third answer raises a
 * work order, so the decision is composed here, above both modules: the work order module reads
 * service requests, and the service request module knows nothing of work orders (decision 0033).
 */
export const observationDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.decideObservation, async (request) => {
    const principal = principalOf(request);
    const { action, workOrder } = request.body;
    if (action === 'work_order') await raiseFromObservation(app.deps, principal, request.params.id, workOrder ?? { submit: true });
    else await decideObservation(app.deps, principal, request.params.id, request.body);
    const { serviceRequestId } = await requestOfObservation(app.deps.db, principal, request.params.id);
    return {
      data: await serviceRequestDetail(app.deps.db, principal, serviceRequestId, languageOf(request.headers['accept-language'])),
    };
  });
};
