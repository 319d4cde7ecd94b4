import { purchaseOrderOperations as op } from '@amp/contracts/operations/purchase-order';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import { operationRoute, stepRoutes } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as po from './purchase-order.service.js';
import * as read from './purchase-order-read.service.js';
import * as supply from './purchase-order-supply.service.js';

const languageOfRequest = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

/** The routes of packages/contracts/src/operations/purchase-order.ts: each one's handler. */
export const purchaseOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const detailOf = async (request: FastifyRequest, id: string) => ({
    data: await read.detail(app.deps.db, principalOf(request), id, languageOfRequest(request)),
  });
  const step = stepRoutes(app, detailOf);

  operationRoute(app, op.suppliers, (request) => read.supplierOptions(app.deps.db, request.query));
  operationRoute(app, op.create, async (request, reply) => {
    const { id } = await po.create(app.deps, principalOf(request), request.body);
    reply.status(201);
    return detailOf(request, id);
  });
  operationRoute(app, op.list, (request) => read.list(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.counts, async (request) => ({ data: await read.counts(app.deps.db, principalOf(request)) }));
  operationRoute(app, op.detail, (request) => detailOf(request, request.params.id));

  step(op.update, (request, id, body) => po.update(app.deps, principalOf(request), id, body));
  step(op.submit, (request, id) => po.submit(app.deps, principalOf(request), id));
  step(op.approve, (request, id, body) => po.approve(app.deps, principalOf(request), id, body));
  step(op.cancel, (request, id, body) => po.cancel(app.deps, principalOf(request), id, body.reason));
  step(op.accept, (request, id) => po.accept(app.deps, principalOf(request), id));
  step(op.decline, (request, id, body) => po.decline(app.deps, principalOf(request), id, body.reason));
  step(op.dispatch, (request, id, body) => supply.dispatch(app.deps, principalOf(request), id, body));
  step(op.receive, (request, id, body) => supply.receive(app.deps, principalOf(request), id, body));
  step(op.close, (request, id, body) => po.close(app.deps, principalOf(request), id, body?.reason));
  step(op.closeByGet, (request, id) => po.close(app.deps, principalOf(request), id));
};
