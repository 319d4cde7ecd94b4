import { assignmentOperations as op } from '@amp/contracts/operations/assignment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as assignment from './assignment.service.js';

/** The routes of packages/contracts/src/operations/assignment.ts: each one's handler. */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.assign, async (request) => ({ data: await assignment.assign(app.deps, principalOf(request), request.body) }));
  operationRoute(app, op.unassign, async (request) => ({
    data: await assignment.unassign(app.deps, principalOf(request), request.body),
  }));
  operationRoute(app, op.ownerList, (request) => assignment.listForOwner(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.providerList, (request) => assignment.listForProvider(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.dispatchAsset, async (request, reply) => {
    reply.status(201);
    return { data: await assignment.assignTechnician(app.deps, principalOf(request), 'asset', request.params._id, request.body) };
  });
  operationRoute(app, op.dispatchCluster, async (request, reply) => {
    reply.status(201);
    return { data: await assignment.assignTechnician(app.deps, principalOf(request), 'cluster', request.params._id, request.body) };
  });
  operationRoute(app, op.technicianList, (request) => assignment.listForTechnician(app.deps.db, principalOf(request), request.query));
};
