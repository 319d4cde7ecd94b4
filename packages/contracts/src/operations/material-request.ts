import { apiErrorSchema } from '../fields.js';
import {
  materialRequestAcceptSchema,
  materialRequestAnswer,
  materialRequestCountsAnswer,
  materialRequestListQuery,
  materialRequestPage,
  materialRequestParams,
  materialRequestRejectSchema,
  materialRequestSchema,
} from '../material-request.js';
import type { PermissionAccess } from './access-rule.js';
import { operation, stepOperations } from './operation.js';

const tags = ['material request'];
/** Who requests materials (staff who work on work orders) and who keeps the warehouses; the access module decides which requests. */
const REQUESTS: PermissionAccess = { permission: ['manageWO', 'manageWarehouse', 'viewWarehouse'] };
/** Deciding: a manager of the request's warehouse (checked by the service). */
const DECIDES: PermissionAccess = { permission: 'manageWarehouse' };

/** Every step answers the request as it now is. */
const step = stepOperations({
  tags,
  params: materialRequestParams,
  response: { 200: materialRequestAnswer, 404: apiErrorSchema, 409: apiErrorSchema },
  versioned: true,
});

/** The material request operations (issue 11); the steps are named by their action. */
export const materialRequestOperations = {
  create: operation({
    method: 'POST',
    path: '/v2/material-request/create',
    tags,
    summary: 'A staff member asks a warehouse of their organisation for items, optionally for a work order',
    operationId: 'createMaterialRequest',
    description:
      'Every item must be one of that warehouse’s; the work order, one the caller works on or owns. The warehouse’s managers are notified.',
    access: REQUESTS,
    body: materialRequestSchema,
    response: { 201: materialRequestAnswer },
  }),
  list: operation({
    method: 'GET',
    path: '/v2/material-request',
    tags,
    summary: 'A list of material requests: mine, awaiting my decision (incoming) or decided, with search, filters, sorting and pages',
    operationId: 'listMaterialRequests',
    access: REQUESTS,
    query: materialRequestListQuery,
    response: { 200: materialRequestPage },
  }),
  counts: operation({
    method: 'GET',
    path: '/v2/material-request/counts',
    tags,
    summary: 'The tabs’ badges: my pending requests and the pending ones awaiting my decision',
    operationId: 'countMaterialRequests',
    access: REQUESTS,
    response: { 200: materialRequestCountsAnswer },
  }),
  detail: operation({
    method: 'GET',
    path: '/v2/material-request/:id',
    tags,
    summary: 'One material request with its lines, the stock each item holds now and the actions the caller may take',
    operationId: 'getMaterialRequest',
    access: REQUESTS,
    params: materialRequestParams,
    response: { 200: materialRequestAnswer, 404: apiErrorSchema },
  }),
  accept: step.post('/v2/material-request/accept/:id', {
    access: DECIDES,
    summary: 'A manager of the warehouse accepts lines (none named: every pending line), issuing their stock in the same transaction',
    operationId: 'acceptMaterialRequest',
    description: 'Stock short on any line refuses the whole decision with 409 and the quantity available; nothing is written.',
    body: materialRequestAcceptSchema,
  }),
  reject: step.post('/v2/material-request/reject/:id', {
    access: DECIDES,
    summary: 'A manager of the warehouse rejects lines (none named: every pending line) with a reason',
    operationId: 'rejectMaterialRequest',
    body: materialRequestRejectSchema,
  }),
  cancel: step.post('/v2/material-request/cancel/:id', {
    access: REQUESTS,
    summary: 'The requester withdraws the request while none of its lines is decided',
    operationId: 'cancelMaterialRequest',
  }),
};
