import { clusterOperations as op } from '@amp/contracts/operations/cluster';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as cluster from './cluster.service.js';

/** The routes of packages/contracts/src/operations/cluster.ts: each one's handler. */
export const clusterRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.create, async (request, reply) => {
    reply.status(201);
    return { data: await cluster.create(app.deps, principalOf(request), request.body) };
  });
  operationRoute(app, op.list, (request) => cluster.list(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.detail, async (request) => ({ data: await cluster.get(app.deps.db, principalOf(request), request.params.id) }));
  operationRoute(app, op.edit, async (request) => ({
    data: await cluster.edit(app.deps, principalOf(request), request.params.id, request.body),
  }));
  operationRoute(app, op.remove, async (request, reply) => {
    await cluster.remove(app.deps, principalOf(request), request.params.id);
    // Fastify sends an empty 204 for an answer of undefined.
    reply.status(204);
    return undefined;
  });
};
