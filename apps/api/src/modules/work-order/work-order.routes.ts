import { workOrderOperations as op } from '@amp/contracts/operations/work-order';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import { operationRoute, stepRoutes } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as wo from './work-order.service.js';
import * as read from './work-order-read.service.js';

const languageOfRequest = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

/** The routes of packages/contracts/src/operations/work-order.ts: each one's handler. */
export const workOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const detailOf = async (request: FastifyRequest, id: string) => ({
    data: await read.detail(app.deps.db, principalOf(request), id, languageOfRequest(request)),
  });
  const step = stepRoutes(app, detailOf);

  operationRoute(app, op.create, async (request, reply) => {
    const { id } = await wo.create(app.deps, principalOf(request), request.body);
    reply.status(201);
    return detailOf(request, id);
  });
  operationRoute(app, op.raiseFromFault, async (request, reply) => {
    const { id } = await wo.raiseFromFault(app.deps, principalOf(request), request.params.faultId, request.body);
    reply.status(201);
    return detailOf(request, id);
  });
  operationRoute(app, op.list, (request) => read.list(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.counts, async (request) => ({ data: await read.counts(app.deps.db, principalOf(request)) }));
  operationRoute(app, op.approvals, (request) => read.approvals(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.providers, async (request) => ({
    data: await read.providerOptions(app.deps.db, principalOf(request), request.query),
  }));
  operationRoute(app, op.raised, async (request) => ({ data: await read.raised(app.deps.db, principalOf(request), request.params.id) }));
  operationRoute(app, op.staff, async (request) => ({
    data: await read.staffOptions(app.deps.db, principalOf(request), request.params.id),
  }));
  operationRoute(app, op.detail, (request) => detailOf(request, request.params.id));

  step(op.update, (request, id, body) => wo.update(app.deps, principalOf(request), id, body));
  step(op.submit, (request, id) => wo.submit(app.deps, principalOf(request), id));
  step(op.approve, (request, id, body) => wo.approve(app.deps, principalOf(request), id, body));
  step(op.accept, (request, id) => wo.accept(app.deps, principalOf(request), id));
  step(op.decline, (request, id, body) => wo.decline(app.deps, principalOf(request), id, body.reason));
  step(op.assign, (request, id, body) => wo.assign(app.deps, principalOf(request), id, body));
  step(op.start, (request, id) => wo.start(app.deps, principalOf(request), id));
  step(op.hold, (request, id, body) => wo.hold(app.deps, principalOf(request), id, body.reason));
  step(op.resume, (request, id) => wo.resume(app.deps, principalOf(request), id));
  step(op.complete, (request, id, body) => wo.complete(app.deps, principalOf(request), id, body));
  step(op.certify, (request, id, body) => wo.certify(app.deps, principalOf(request), id, body));
  step(op.unsatisfactory, (request, id, body) => wo.unsatisfactory(app.deps, principalOf(request), id, body.reason));
  step(op.close, (request, id) => wo.close(app.deps, principalOf(request), id));
  step(op.end, (request, id, body) => wo.end(app.deps, principalOf(request), id, body.reason));
  step(op.closeByGet, (request, id) => wo.close(app.deps, principalOf(request), id));

  operationRoute(app, op.rate, async (request) => {
    await wo.rate(app.deps, principalOf(request), request.params.id, request.body);
    return detailOf(request, request.body.workOrder);
  });
  operationRoute(app, op.rating, async (request) => ({ data: await read.rating(app.deps.db, principalOf(request), request.params.id) }));
};
