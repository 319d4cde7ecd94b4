import { materialRequestOperations as op } from '@amp/contracts/operations/material-request';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute, stepRoutes } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as mr from './material-request.service.js';
import * as read from './material-request-read.service.js';

/** The routes of packages/contracts/src/operations/material-request.ts: each one's handler. */
export const materialRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const detailOf = async (request: FastifyRequest, id: string) => ({ data: await read.detail(app.deps.db, principalOf(request), id) });
  const step = stepRoutes(app, detailOf);

  operationRoute(app, op.create, async (request, reply) => {
    const id = await mr.create(app.deps, principalOf(request), request.body);
    reply.status(201);
    return detailOf(request, id);
  });
  operationRoute(app, op.list, (request) => read.list(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.counts, async (request) => ({ data: await read.counts(app.deps.db, principalOf(request)) }));
  operationRoute(app, op.detail, (request) => detailOf(request, request.params.id));

  step(op.accept, (request, id, body) => mr.accept(app.deps, principalOf(request), id, body));
  step(op.reject, (request, id, body) => mr.reject(app.deps, principalOf(request), id, body));
  step(op.cancel, (request, id) => mr.cancel(app.deps, principalOf(request), id));
};
