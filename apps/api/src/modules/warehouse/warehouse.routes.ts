import { warehouseOperations as op } from '@amp/contracts/operations/warehouse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDownload } from '../../lib/download.js';
import { operationRoute, stepRoutes } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as inventory from './inventory.service.js';
import * as stock from './stock.service.js';
import { exportInventory } from './warehouse.export.js';
import * as warehouse from './warehouse.service.js';

/** The routes of packages/contracts/src/operations/warehouse.ts: each one's handler. */
export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.list, (request) => warehouse.list(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.managerOptions, async (request) => ({
    data: await warehouse.managerOptions(app.deps.db, principalOf(request), request.query.search),
  }));
  operationRoute(app, op.lowStock, (request) => inventory.lowStock(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.create, async (request, reply) => {
    reply.status(201);
    return { data: await warehouse.create(app.deps, principalOf(request), request.body) };
  });
  operationRoute(app, op.detail, async (request) => ({ data: await warehouse.get(app.deps.db, principalOf(request), request.params.id) }));
  operationRoute(app, op.update, async (request) => ({
    data: await warehouse.update(app.deps, principalOf(request), request.params.id, request.body),
  }));
  operationRoute(app, op.items, (request) => inventory.list(app.deps.db, principalOf(request), request.params.id, request.query));
  operationRoute(app, op.createItem, async (request, reply) => {
    reply.status(201);
    return { data: await inventory.create(app.deps, principalOf(request), request.params.id, request.body) };
  });
  operationRoute(app, op.movements, (request) =>
    stock.warehouseHistory(app.deps.db, principalOf(request), request.params.id, request.query),
  );
  operationRoute(app, op.export, async (request, reply) => {
    const file = await exportInventory(app.deps.db, principalOf(request), request.params.id, request.query);
    return sendDownload(reply, file);
  });
  operationRoute(app, op.item, async (request) => ({ data: await inventory.get(app.deps.db, principalOf(request), request.params.id) }));
  operationRoute(app, op.updateItem, async (request) => ({
    data: await inventory.update(app.deps, principalOf(request), request.params.id, request.body),
  }));
  operationRoute(app, op.itemMovements, (request) =>
    stock.itemHistory(app.deps.db, principalOf(request), request.params.id, request.query),
  );

  // A stock move answers what it returns: the item as it now stands and the movements written.
  const move = stepRoutes(app);
  move(op.stockIn, (request, id, body) => stock.moveByHand(app.deps, principalOf(request), id, 'in', body));
  move(op.stockOut, (request, id, body) => stock.moveByHand(app.deps, principalOf(request), id, 'out', body));
  move(op.transfer, (request, id, body) => stock.transfer(app.deps, principalOf(request), id, body));
  move(op.count, (request, id, body) => stock.count(app.deps, principalOf(request), id, body));
  move(op.reverse, (request, id, body) => stock.reverse(app.deps, principalOf(request), Number(id), body));
};
