import { slaOperations as op } from '@amp/contracts/operations/sla';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as sla from './sla.service.js';

/** The routes of packages/contracts/src/operations/sla.ts: each one's handler. */
export const slaRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.create, async (request, reply) => {
    reply.status(201);
    return { data: await sla.create(app.deps, principalOf(request), request.body) };
  });
  operationRoute(app, op.list, (request) => sla.list(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.provided, (request) => sla.listProvided(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.detail, async (request) => ({ data: await sla.get(app.deps.db, principalOf(request), request.params.id) }));
  operationRoute(app, op.update, async (request) => ({
    data: await sla.update(app.deps, principalOf(request), request.params._id, request.body),
  }));
};
