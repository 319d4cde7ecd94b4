import { serviceRequestOperations as op } from '@amp/contracts/operations/service-request';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import { operationRoute, stepRoutes } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as sr from './service-request.service.js';
import * as read from './service-request-read.service.js';

const languageOfRequest = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

/** The routes of packages/contracts/src/operations/service-request.ts: each one's handler. */
export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const detailOf = async (request: FastifyRequest, id: string) => ({
    data: await read.detail(app.deps.db, principalOf(request), id, languageOfRequest(request)),
  });
  const step = stepRoutes(app, detailOf);

  operationRoute(app, op.send, async (request, reply) => {
    const { id } = await sr.send(app.deps, principalOf(request), request.body);
    reply.status(201);
    return detailOf(request, id);
  });
  operationRoute(app, op.raiseFromFault, async (request, reply) => {
    const { id } = await sr.raiseFromFault(app.deps, principalOf(request), request.params.faultId, request.body);
    reply.status(201);
    return detailOf(request, id);
  });
  operationRoute(app, op.list, (request) => read.list(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.counts, async (request) => ({ data: await read.counts(app.deps.db, principalOf(request)) }));
  operationRoute(app, op.providers, async (request) => ({
    data: await read.providerOptions(app.deps.db, principalOf(request), request.query),
  }));
  operationRoute(app, op.raised, async (request) => ({ data: await read.raised(app.deps.db, principalOf(request), request.params.id) }));
  operationRoute(app, op.staff, async (request) => ({
    data: await read.staffOptions(app.deps.db, principalOf(request), request.params.id),
  }));
  operationRoute(app, op.detail, (request) => detailOf(request, request.params.id));

  step(op.accept, (request, id) => sr.accept(app.deps, principalOf(request), id));
  step(op.decline, (request, id, body) => sr.decline(app.deps, principalOf(request), id, body.reason));
  step(op.assign, (request, id, body) => sr.assign(app.deps, principalOf(request), id, body));
  step(op.closeByGet, (request, id) => sr.close(app.deps, principalOf(request), id, undefined));
  step(op.close, (request, id, body) => sr.close(app.deps, principalOf(request), id, body?.note));

  operationRoute(app, op.observe, async (request, reply) => {
    await sr.observe(app.deps, principalOf(request), request.params.id, request.body);
    reply.status(201);
    return detailOf(request, request.params.id);
  });
  operationRoute(app, op.sentObservations, (request) => read.sentObservations(app.deps.db, principalOf(request), request.query));
};
