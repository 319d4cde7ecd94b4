import { z } from 'zod';
import { apiErrorSchema, pageQuery } from '../fields.js';
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
} from '../purchase-order.js';
import type { PermissionAccess } from './access-rule.js';
import { operation, stepOperations } from './operation.js';

const tags = ['purchase order'];
/** docs/product.md#side-menu: the purchase order entries; the access module decides which orders. */
const READS: PermissionAccess = {
  permission: ['managePO', 'viewOutgoingPO', 'viewIncomingPO', 'viewCompletedPO', 'approvePO', 'confirmSupply', 'poConfiguration'],
};
/** Buying is an owner's, an MRO's or an IMO's: a supplier holds managePO for the menu group. */
const BUYS: PermissionAccess = { permission: 'managePO', kinds: PO_BUYER_KINDS };
const APPROVES: PermissionAccess = { permission: 'approvePO' };
const SUPPLIES: PermissionAccess = { permission: 'viewIncomingPO' };
const RECEIVES: PermissionAccess = { permission: 'confirmSupply' };

/** Every step answers the order as it now is. */
const step = stepOperations({
  tags,
  params: poIdParams,
  response: { 200: poDetailAnswer, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  versioned: true,
});

/** The purchase order operations; the steps are named by their workflow action. */
export const purchaseOrderOperations = {
  suppliers: operation({
    method: 'GET',
    path: '/v2/purchase-order/suppliers',
    tags,
    summary: 'The active suppliers a buyer may order from, by name (searchable, paged)',
    operationId: 'purchaseOrderSuppliers',
    access: BUYS,
    query: pageQuery.pick({ page: true, pageSize: true, search: true }),
    response: { 200: supplierOptionsAnswer },
  }),
  create: operation({
    method: 'POST',
    path: '/v2/purchase-order/create',
    tags,
    summary: 'A buyer orders from a supplier for one of its warehouses, submitted for approval unless kept as a draft',
    operationId: 'createPurchaseOrder',
    description:
      'Lines from the supplier’s pricebook take its name, unit and price now; free lines carry their own. Submitting copies the buyer’s `po` approval levels that apply to the total into the order as steps; with no level it goes straight to the supplier.',
    access: BUYS,
    body: poCreateSchema,
    response: { 201: poDetailAnswer, 400: apiErrorSchema, 403: apiErrorSchema },
  }),
  list: operation({
    method: 'GET',
    path: '/v2/purchase-order',
    tags,
    summary: 'A list of purchase orders: Outgoing, Incoming, Completed, or Approval, with a status filter, search, sorting and pages',
    description:
      'Each list is its menu entry’s (viewOutgoingPO, viewIncomingPO, viewCompletedPO): without it, it is empty. `approval` answers the orders awaiting the caller’s approval ("Awaiting Approval") and those the caller approved ("Approved by me"), each with its step.',
    operationId: 'listPurchaseOrders',
    access: READS,
    query: poListQuery,
    response: { 200: z.union([poApprovalPageAnswer, poPageAnswer]) },
  }),
  counts: operation({
    method: 'GET',
    path: '/v2/purchase-order/counts',
    tags,
    summary: "The lists' counts and the approvals awaiting the caller",
    operationId: 'countPurchaseOrders',
    access: READS,
    response: { 200: poCountsAnswer },
  }),
  detail: operation({
    method: 'GET',
    path: '/v2/purchase-order/:id',
    tags,
    summary: 'One purchase order with its lines, approval steps, deliveries, receipts, timeline and the actions the caller may take',
    operationId: 'getPurchaseOrder',
    access: READS,
    params: poIdParams,
    response: { 200: poDetailAnswer, 404: apiErrorSchema },
  }),
  update: step.put('/v2/purchase-order/update/:id', {
    access: BUYS,
    summary: 'The buyer changes a draft or an order awaiting approval (a change of its lines restarts the approval at the first level)',
    operationId: 'updatePurchaseOrder',
    body: poUpdateSchema,
  }),
  submit: step.post('/v2/purchase-order/submit/:id', {
    access: BUYS,
    summary: 'The buyer submits a draft for approval (or straight to the supplier when no level applies)',
    operationId: 'submitPurchaseOrder',
  }),
  approve: step.post('/v2/purchase-order/approve/:id', {
    access: APPROVES,
    summary: 'An approver of the pending level approves (`approve: true`) or rejects it back to its creator with a reason',
    operationId: 'approvePurchaseOrder',
    body: poApproveSchema,
  }),
  cancel: step.post('/v2/purchase-order/cancel/:id', {
    access: BUYS,
    summary: 'The buyer cancels an order before the supplier accepts it, with a reason',
    operationId: 'cancelPurchaseOrder',
    body: poReasonSchema,
  }),
  // The mobile apps' accept call names its id `_id` (docs/api-contract.md#purchase-orders-issue-11).
  accept: step.post('/v2/purchase-order/sent/accept/:_id', {
    access: SUPPLIES,
    summary: 'The supplier accepts an order sent to it',
    operationId: 'acceptPurchaseOrder',
    params: poUnderscoreIdParams,
  }),
  decline: step.post('/v2/purchase-order/sent/decline/:id', {
    access: SUPPLIES,
    summary: 'The supplier declines an order sent to it, with a reason',
    operationId: 'declinePurchaseOrder',
    body: poReasonSchema,
  }),
  dispatch: step.post('/v2/purchase-order/dispatch/:id', {
    access: SUPPLIES,
    summary: 'The supplier records a delivery: quantities per line (never more than ordered) and a delivery note',
    operationId: 'dispatchPurchaseOrder',
    body: poDispatchSchema,
  }),
  receive: step.post('/v2/purchase-order/confirmation/supply/:id', {
    access: RECEIVES,
    summary:
      'The buyer confirms what arrived, per line (never more than dispatched), into one of its warehouses: the stock rises in the same transaction',
    operationId: 'confirmPurchaseOrderSupply',
    body: poReceiveSchema,
  }),
  close: step.post('/v2/purchase-order/close/:id', {
    access: BUYS,
    summary: 'The buyer closes what is still to come',
    operationId: 'closePurchaseOrder',
    body: poCloseSchema,
  }),
  // The GET of the mobile apps is kept (docs/api-contract.md#purchase-orders-issue-11).
  closeByGet: step.get('/v2/purchase-order/close/:id', {
    access: BUYS,
    summary: 'The buyer closes what is still to come (the mobile apps’ form of the call)',
    operationId: 'closePurchaseOrderByGet',
  }),
};
