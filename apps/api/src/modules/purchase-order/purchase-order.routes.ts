import { apiErrorSchema, pageQuery } from '@amp/contracts/fields';
import type { PermissionRule } from '@amp/contracts/permissions';
import {
  PO_BUYER_KINDS,
  poApprovalPageAnswer,
  poApproveSchema,
  poCloseSchema,
  poCountsAnswer,
  poCreateSchema,
  poDetailAnswer,
  poDispatchSchema,
  poIdParams,
  poListQuery,
  poPageAnswer,
  poReasonSchema,
  poReceiveSchema,
  poUnderscoreIdParams,
  poUpdateSchema,
  supplierOptionsAnswer,
} from '@amp/contracts/purchase-order';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../lib/language.js';
import { stepRoutes } from '../../lib/step-routes.js';
import type { PermissionAccess } from '../../plugins/access.js';
import { principalOf } from '../../plugins/auth.js';
import * as po from './purchase-order.service.js';
import * as read from './purchase-order-read.service.js';
import * as supply from './purchase-order-supply.service.js';

const tags = ['purchase order'];
/** docs/product.md#side-menu: the purchase order entries; the access module decides which orders. */
const READS: { permission: PermissionRule } = {
  permission: ['managePO', 'viewOutgoingPO', 'viewIncomingPO', 'viewCompletedPO', 'approvePO', 'confirmSupply', 'poConfiguration'],
};
/** Buying is an owner's, an MRO's or an IMO's: a supplier holds managePO for the menu group. */
const BUYS: PermissionAccess = { permission: 'managePO', kinds: PO_BUYER_KINDS };
const APPROVES: { permission: PermissionRule } = { permission: 'approvePO' };
const SUPPLIES: { permission: PermissionRule } = { permission: 'viewIncomingPO' };
const RECEIVES: { permission: PermissionRule } = { permission: 'confirmSupply' };
const languageOfRequest = (request: FastifyRequest) => languageOf(request.headers['accept-language']);
const stepAnswer = { 200: poDetailAnswer, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const purchaseOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const detailOf = async (request: FastifyRequest, id: string) => ({
    data: await read.detail(app.deps.db, principalOf(request), id, languageOfRequest(request)),
  });

  const step = stepRoutes(app, { tags, params: poIdParams, response: stepAnswer, answer: detailOf, versioned: true });

  app.get(
    '/purchase-order/suppliers',
    {
      schema: {
        tags,
        summary: 'The active suppliers a buyer may order from, by name (searchable, paged)',
        operationId: 'purchaseOrderSuppliers',
        querystring: pageQuery.pick({ page: true, pageSize: true, search: true }),
        response: { 200: supplierOptionsAnswer },
      },
      config: { access: BUYS },
    },
    (request) => read.supplierOptions(app.deps.db, request.query),
  );

  app.post(
    '/purchase-order/create',
    {
      schema: {
        tags,
        summary: 'A buyer orders from a supplier for one of its warehouses, submitted for approval unless kept as a draft',
        operationId: 'createPurchaseOrder',
        description:
          'Lines from the supplier’s pricebook take its name, unit and price now; free lines carry their own. Submitting copies the buyer’s `po` approval levels that apply to the total into the order as steps; with no level it goes straight to the supplier.',
        body: poCreateSchema,
        response: { 201: poDetailAnswer, 400: apiErrorSchema, 403: apiErrorSchema },
      },
      config: { access: BUYS },
    },
    async (request, reply) => {
      const { id } = await po.create(app.deps, principalOf(request), request.body);
      reply.status(201);
      return detailOf(request, id);
    },
  );

  app.get(
    '/purchase-order',
    {
      schema: {
        tags,
        summary: 'A list of purchase orders: Outgoing, Incoming, Completed, or Approval, with a status filter, search, sorting and pages',
        description:
          'Each list is its menu entry’s (viewOutgoingPO, viewIncomingPO, viewCompletedPO): without it, it is empty. `approval` answers the orders awaiting the caller’s approval ("Awaiting Approval") and those the caller approved ("Approved by me"), each with its step.',
        operationId: 'listPurchaseOrders',
        querystring: poListQuery,
        response: { 200: z.union([poApprovalPageAnswer, poPageAnswer]) },
      },
      config: { access: READS },
    },
    (request) => read.list(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/purchase-order/counts',
    {
      schema: {
        tags,
        summary: "The lists' counts and the approvals awaiting the caller",
        operationId: 'countPurchaseOrders',
        response: { 200: poCountsAnswer },
      },
      config: { access: READS },
    },
    async (request) => ({ data: await read.counts(app.deps.db, principalOf(request)) }),
  );

  app.get(
    '/purchase-order/:id',
    {
      schema: {
        tags,
        summary: 'One purchase order with its lines, approval steps, deliveries, receipts, timeline and the actions the caller may take',
        operationId: 'getPurchaseOrder',
        params: poIdParams,
        response: { 200: poDetailAnswer, 404: apiErrorSchema },
      },
      config: { access: READS },
    },
    (request) => detailOf(request, request.params.id),
  );

  step.put(
    '/purchase-order/update/:id',
    {
      access: BUYS,
      summary: 'The buyer changes a draft or an order awaiting approval (a change of its lines restarts the approval at the first level)',
      operationId: 'updatePurchaseOrder',
      body: poUpdateSchema,
    },
    (request, id, body) => po.update(app.deps, principalOf(request), id, body),
  );
  step.post(
    '/purchase-order/submit/:id',
    {
      access: BUYS,
      summary: 'The buyer submits a draft for approval (or straight to the supplier when no level applies)',
      operationId: 'submitPurchaseOrder',
    },
    (request, id) => po.submit(app.deps, principalOf(request), id),
  );
  step.post(
    '/purchase-order/approve/:id',
    {
      access: APPROVES,
      summary: 'An approver of the pending level approves (`approve: true`) or rejects it back to its creator with a reason',
      operationId: 'approvePurchaseOrder',
      body: poApproveSchema,
    },
    (request, id, body) => po.approve(app.deps, principalOf(request), id, body),
  );
  step.post(
    '/purchase-order/cancel/:id',
    {
      access: BUYS,
      summary: 'The buyer cancels an order before the supplier accepts it, with a reason',
      operationId: 'cancelPurchaseOrder',
      body: poReasonSchema,
    },
    (request, id, body) => po.cancel(app.deps, principalOf(request), id, body.reason),
  );
  // The mobile apps' accept call names its id `_id` (docs/api-contract.md#purchase-orders-issue-11).
  step.post(
    '/purchase-order/sent/accept/:_id',
    {
      access: SUPPLIES,
      summary: 'The supplier accepts an order sent to it',
      operationId: 'acceptPurchaseOrder',
      params: poUnderscoreIdParams,
    },
    (request, id) => po.accept(app.deps, principalOf(request), id),
  );
  step.post(
    '/purchase-order/sent/decline/:id',
    {
      access: SUPPLIES,
      summary: 'The supplier declines an order sent to it, with a reason',
      operationId: 'declinePurchaseOrder',
      body: poReasonSchema,
    },
    (request, id, body) => po.decline(app.deps, principalOf(request), id, body.reason),
  );
  step.post(
    '/purchase-order/dispatch/:id',
    {
      access: SUPPLIES,
      summary: 'The supplier records a delivery: quantities per line (never more than ordered) and a delivery note',
      operationId: 'dispatchPurchaseOrder',
      body: poDispatchSchema,
    },
    (request, id, body) => supply.dispatch(app.deps, principalOf(request), id, body),
  );
  step.post(
    '/purchase-order/confirmation/supply/:id',
    {
      access: RECEIVES,
      summary:
        'The buyer confirms what arrived, per line (never more than dispatched), into one of its warehouses: the stock rises in the same transaction',
      operationId: 'confirmPurchaseOrderSupply',
      body: poReceiveSchema,
    },
    (request, id, body) => supply.receive(app.deps, principalOf(request), id, body),
  );
  step.post(
    '/purchase-order/close/:id',
    { access: BUYS, summary: 'The buyer closes what is still to come', operationId: 'closePurchaseOrder', body: poCloseSchema },
    (request, id, body) => po.close(app.deps, principalOf(request), id, body?.reason),
  );
  // The GET of the mobile apps is kept (docs/api-contract.md#purchase-orders-issue-11).
  step.get(
    '/purchase-order/close/:id',
    {
      access: BUYS,
      summary: 'The buyer closes what is still to come (the mobile apps’ form of the call)',
      operationId: 'closePurchaseOrderByGet',
    },
    (request, id) => po.close(app.deps, principalOf(request), id),
  );
};
