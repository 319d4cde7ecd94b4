import { apiErrorSchema, out } from '@amp/contracts/fields';
import type { PermissionRule } from '@amp/contracts/permissions';
import {
  inventoryExportQuery,
  inventoryItemAnswer,
  inventoryItemParams,
  inventoryItemSchema,
  inventoryItemUpdateSchema,
  inventoryListQuery,
  inventoryPage,
  lowStockQuery,
  movementListQuery,
  movementPage,
  stockCountSchema,
  stockMoveAnswer,
  stockMovementParams,
  stockMoveSchema,
  stockReverseSchema,
  stockTransferSchema,
  warehouseAnswer,
  warehouseListQuery,
  warehouseManagerOptionsAnswer,
  warehouseManagerOptionsQuery,
  warehousePage,
  warehouseParams,
  warehouseSchema,
  warehouseUpdateSchema,
} from '@amp/contracts/warehouse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDownload } from '../../lib/download.js';
import { XLSX_TYPE } from '../../lib/spreadsheet.js';
import { stepRoutes } from '../../lib/step-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as inventory from './inventory.service.js';
import * as stock from './stock.service.js';
import { exportInventory } from './warehouse.export.js';
import * as warehouse from './warehouse.service.js';

const tags = ['warehouse'];
/** Who reads an organisation's warehouses and stock (the access module decides which). */
const READS: { permission: PermissionRule } = { permission: ['viewWarehouse', 'manageWarehouse', 'manageWO'] };
/** Who keeps them; the service then asks whether the caller manages the warehouse at hand. */
const MANAGES: { permission: PermissionRule } = { permission: 'manageWarehouse' };
const MB = 1024 * 1024;
const moveAnswer = { 200: stockMoveAnswer, 404: apiErrorSchema, 409: apiErrorSchema };

/** The warehouse routes (issue 11). The inventory import is the import pipeline's (asset-import.routes.ts). */
export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/warehouse',
    {
      schema: {
        tags,
        summary: "The organisation's warehouses, with their stock's figures",
        operationId: 'listWarehouses',
        querystring: warehouseListQuery,
        response: { 200: warehousePage },
      },
      config: { access: READS },
    },
    (request) => warehouse.list(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/warehouse/manager-options',
    {
      schema: {
        tags,
        summary: 'The staff who may manage a warehouse: the organisation’s active admins and holders of manageWarehouse',
        operationId: 'listWarehouseManagerOptions',
        querystring: warehouseManagerOptionsQuery,
        response: { 200: warehouseManagerOptionsAnswer },
      },
      config: { access: MANAGES },
    },
    async (request) => ({ data: await warehouse.managerOptions(app.deps.db, principalOf(request), request.query.search) }),
  );

  app.get(
    '/warehouse/low-stock',
    {
      schema: {
        tags,
        summary: 'The items at or under their reorder level, across the warehouses the caller reads',
        operationId: 'listLowStock',
        querystring: lowStockQuery,
        response: { 200: inventoryPage },
      },
      config: { access: READS },
    },
    (request) => inventory.lowStock(app.deps.db, principalOf(request), request.query),
  );

  app.post(
    '/warehouse/create',
    {
      schema: {
        tags,
        summary: 'Add a warehouse, with the staff who manage it',
        operationId: 'createWarehouse',
        body: warehouseSchema,
        response: { 201: warehouseAnswer },
      },
      config: { access: MANAGES },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await warehouse.create(app.deps, principalOf(request), request.body) };
    },
  );

  app.get(
    '/warehouse/:id',
    {
      schema: {
        tags,
        summary: 'A warehouse, with its managers and its stock’s figures',
        operationId: 'getWarehouse',
        params: warehouseParams,
        response: { 200: warehouseAnswer },
      },
      config: { access: READS },
    },
    async (request) => ({ data: await warehouse.get(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.put(
    '/warehouse/update/:id',
    {
      schema: {
        tags,
        summary: 'Change a warehouse (its managers or the organisation’s admin)',
        operationId: 'updateWarehouse',
        params: warehouseParams,
        body: warehouseUpdateSchema,
        response: { 200: warehouseAnswer },
      },
      config: { access: MANAGES },
    },
    async (request) => ({ data: await warehouse.update(app.deps, principalOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/warehouse/:id/items',
    {
      schema: {
        tags,
        summary: 'A warehouse’s inventory: search, low or out of stock, sorted, paged',
        description: 'Totals are exact; a search counts its matches up to 10,000 (past it, 10,000 with `totalIsLowerBound`).',
        operationId: 'listInventory',
        params: warehouseParams,
        querystring: inventoryListQuery,
        response: { 200: inventoryPage },
      },
      config: { access: READS },
    },
    (request) => inventory.list(app.deps.db, principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/warehouse/:id/item',
    {
      schema: {
        tags,
        summary: 'Add an item to a warehouse’s inventory; its opening quantity is an opening movement',
        operationId: 'createInventoryItem',
        params: warehouseParams,
        body: inventoryItemSchema,
        response: { 201: inventoryItemAnswer },
      },
      config: { access: MANAGES },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await inventory.create(app.deps, principalOf(request), request.params.id, request.body) };
    },
  );

  app.get(
    '/warehouse/:id/movements',
    {
      schema: {
        tags,
        summary: 'A warehouse’s stock movements, newest first',
        operationId: 'listWarehouseMovements',
        params: warehouseParams,
        querystring: movementListQuery,
        response: { 200: movementPage },
      },
      config: { access: READS },
    },
    (request) => stock.warehouseHistory(app.deps.db, principalOf(request), request.params.id, request.query),
  );

  app.get(
    '/warehouse/:id/export',
    {
      schema: {
        tags,
        summary: 'A warehouse’s inventory as a CSV or XLSX file (the columns an import reads)',
        operationId: 'exportInventory',
        params: warehouseParams,
        querystring: inventoryExportQuery,
        response: {
          200: {
            description: 'The inventory file',
            content: Object.fromEntries(['text/csv', XLSX_TYPE].map((type) => [type, { schema: out.binary(200 * MB) }])),
          },
        },
      },
      config: { access: READS },
    },
    async (request, reply) => {
      const file = await exportInventory(app.deps.db, principalOf(request), request.params.id, request.query);
      return sendDownload(reply, file);
    },
  );

  app.get(
    '/warehouse/item/:id',
    {
      schema: {
        tags,
        summary: 'An inventory item',
        operationId: 'getInventoryItem',
        params: inventoryItemParams,
        response: { 200: inventoryItemAnswer },
      },
      config: { access: READS },
    },
    async (request) => ({ data: await inventory.get(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.put(
    '/warehouse/item/:id',
    {
      schema: {
        tags,
        summary: 'Change an item’s description (never its quantity: movements do that)',
        operationId: 'updateInventoryItem',
        params: inventoryItemParams,
        body: inventoryItemUpdateSchema,
        response: { 200: inventoryItemAnswer },
      },
      config: { access: MANAGES },
    },
    async (request) => ({ data: await inventory.update(app.deps, principalOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/warehouse/item/:id/movements',
    {
      schema: {
        tags,
        summary: 'An item’s stock movements, newest first',
        operationId: 'listItemMovements',
        params: inventoryItemParams,
        querystring: movementListQuery,
        response: { 200: movementPage },
      },
      config: { access: READS },
    },
    (request) => stock.itemHistory(app.deps.db, principalOf(request), request.params.id, request.query),
  );

  // A stock move answers what it returns, the item as it now stands and the movements written: nothing to read again.
  const move = stepRoutes(app, { tags, params: inventoryItemParams, response: moveAnswer });
  move.post(
    '/warehouse/item/:id/stock-in',
    { access: MANAGES, summary: 'Put units of an item into stock, with a reason', operationId: 'stockIn', body: stockMoveSchema },
    (request, id, body) => stock.moveByHand(app.deps, principalOf(request), id, 'in', body),
  );
  move.post(
    '/warehouse/item/:id/stock-out',
    {
      access: MANAGES,
      summary: 'Take units of an item out of stock, with a reason',
      operationId: 'stockOut',
      description: 'Refused with 409 (nothing written) when the stock is short: "Not enough stock: N available".',
      body: stockMoveSchema,
    },
    (request, id, body) => stock.moveByHand(app.deps, principalOf(request), id, 'out', body),
  );
  move.post(
    '/warehouse/item/:id/transfer',
    {
      access: MANAGES,
      summary: 'Transfer units to another warehouse of the organisation (both movements in one transaction)',
      operationId: 'transferStock',
      body: stockTransferSchema,
    },
    (request, id, body) => stock.transfer(app.deps, principalOf(request), id, body),
  );
  move.post(
    '/warehouse/item/:id/count',
    {
      access: MANAGES,
      summary: 'Record a count: the difference from the stock becomes a count movement',
      operationId: 'countStock',
      body: stockCountSchema,
    },
    (request, id, body) => stock.count(app.deps, principalOf(request), id, body),
  );
  move.post(
    '/warehouse/movement/:id/reverse',
    {
      access: MANAGES,
      summary: 'Undo a movement by its opposite, once (a transfer as a pair)',
      operationId: 'reverseMovement',
      description: 'A material request’s or a purchase order’s movement is undone through its document (409).',
      body: stockReverseSchema,
      params: stockMovementParams,
    },
    (request, id, body) => stock.reverse(app.deps, principalOf(request), Number(id), body),
  );
};
