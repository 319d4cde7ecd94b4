import { configurationOperations as op } from '@amp/contracts/operations/configuration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as configuration from './configuration.service.js';

/** The routes of packages/contracts/src/operations/configuration.ts: each one's handler. */
export const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.create, async (request, reply) => {
    const data = await configuration.configure(app.deps, principalOf(request), request.body);
    reply.status(201);
    return { data };
  });
  operationRoute(app, op.update, async (request) => ({
    data: await configuration.configure(app.deps, principalOf(request), request.body, request.params.id),
  }));
  operationRoute(app, op.serviceRequest, async (request) => ({ data: await configuration.readSr(app.deps.db, principalOf(request)) }));
  operationRoute(app, op.workOrder, async (request) => ({ data: await configuration.readWo(app.deps.db, principalOf(request)) }));
};
