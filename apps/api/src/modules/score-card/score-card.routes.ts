import { scoreCardOperations as op } from '@amp/contracts/operations/score-card';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as scoreCard from './score-card.service.js';

/** The routes of packages/contracts/src/operations/score-card.ts: each one's handler. */
export const scoreCardRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.list, (request) => scoreCard.list(app.deps.db, principalOf(request), request.query));
  // The own card's routes come before /score-card/:id, so "mine" is never read as an id.
  operationRoute(app, op.mine, async (request) => ({ data: await scoreCard.mine(app.deps.db, principalOf(request)) }));
  operationRoute(app, op.mineWorkOrders, (request) => scoreCard.mineDrill(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.detail, async (request) => ({
    data: await scoreCard.detail(app.deps.db, principalOf(request), request.params.id),
  }));
  operationRoute(app, op.workOrders, (request) => scoreCard.drill(app.deps.db, principalOf(request), request.params.id, request.query));
};
