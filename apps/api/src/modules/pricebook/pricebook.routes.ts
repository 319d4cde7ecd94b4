import { pricebookOperations as op } from '@amp/contracts/operations/pricebook';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { attachment } from '../../lib/spreadsheet.js';
import { principalOf } from '../../plugins/auth.js';
import { exportPricebook } from './pricebook.export.js';
import * as pricebook from './pricebook.service.js';

/** The routes of packages/contracts/src/operations/pricebook.ts: each one's handler. */
export const pricebookRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.list, (request) => pricebook.listOwn(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.listOf, (request) =>
    pricebook.listOf(app.deps.db, principalOf(request), request.params.organisationId, request.query),
  );
  operationRoute(app, op.export, async (request, reply) => {
    const file = await exportPricebook(app.deps.db, principalOf(request), request.query);
    return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.body);
  });
  operationRoute(app, op.detail, async (request) => ({ data: await pricebook.get(app.deps.db, principalOf(request), request.params.id) }));
  operationRoute(app, op.create, async (request, reply) => {
    reply.status(201);
    return { data: await pricebook.create(app.deps, principalOf(request), request.body) };
  });
  operationRoute(app, op.update, async (request) => ({
    data: await pricebook.update(app.deps, principalOf(request), request.params.id, request.body),
  }));
  operationRoute(app, op.retire, async (request) => ({
    data: await pricebook.setRetired(app.deps, principalOf(request), request.params.id, true),
  }));
  operationRoute(app, op.restore, async (request) => ({
    data: await pricebook.setRetired(app.deps, principalOf(request), request.params.id, false),
  }));
};
