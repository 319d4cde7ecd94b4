import { approvalDecisionSchema } from '../approval.js';
import { apiErrorSchema } from '../fields.js';
import { srProviderOptionsAnswer, srProviderQuery, srRaisedParams, srStaffOptionsAnswer } from '../service-request.js';
import {
  providerIdParams,
  providerRatingAnswer,
  rateSchema,
  woApprovalPageAnswer,
  woApprovalQuery,
  woAssignSchema,
  woCertifySchema,
  woCloseSchema,
  woCompleteSchema,
  woCountsAnswer,
  woCreateSchema,
  woDetailAnswer,
  woFaultParams,
  woFromFaultSchema,
  woIdParams,
  woListQuery,
  woPageAnswer,
  woReasonSchema,
  woUpdateSchema,
} from '../work-order.js';
import type { PermissionAccess } from './access-rule.js';
import { operation, stepOperations } from './operation.js';

const tags = ['work order'];
/** The work order entries of the menu; the access module decides which work orders. */
const READS: PermissionAccess = {
  permission: ['manageWO', 'approveWO', 'woConfiguration', 'viewOutgoingWO', 'viewIncomingWO', 'viewCompletedWO'],
};
/** Raising and changing work orders is an owner's: a provider's staff hold manageWO for the menu group. */
const RAISES: PermissionAccess = { permission: 'manageWO', kinds: ['asset_owner'] };
const APPROVES: PermissionAccess = { permission: 'approveWO' };
const PROVIDES: PermissionAccess = { permission: 'viewIncomingWO' };
const OWNS: PermissionAccess = { permission: ['viewOutgoingWO', 'viewCompletedWO'] };
const CERTIFIES: PermissionAccess = { permission: ['viewOutgoingWO', 'viewCompletedWO', 'viewIncomingWO'] };
const stepAnswer = { 200: woDetailAnswer, 404: apiErrorSchema, 409: apiErrorSchema };

/** Every step answers the work order as it now is. */
const step = stepOperations({ tags, params: woIdParams, response: stepAnswer, versioned: true });

/** The work order operations; the steps are named by their workflow action (WORK_ORDER_WORKFLOW). */
export const workOrderOperations = {
  create: operation({
    method: 'POST',
    path: '/v2/wo/create',
    tags,
    summary: 'The owner raises a work order about its asset or cluster for a provider, submitted for approval unless kept as a draft',
    operationId: 'createWorkOrder',
    description:
      'Lines from the provider’s pricebook take its name and price now; free lines carry their own. Submitting copies the approval levels that apply to the total into the work order as steps; with no level it goes straight to the provider.',
    access: RAISES,
    body: woCreateSchema,
    response: { 201: woDetailAnswer },
  }),
  raiseFromFault: operation({
    method: 'POST',
    path: '/v2/wo/fault/:faultId',
    tags,
    summary: 'The owner raises a work order on an open fault (the fault is converted and linked)',
    operationId: 'raiseWorkOrderFromFault',
    access: RAISES,
    versioned: true,
    params: woFaultParams,
    body: woFromFaultSchema,
    response: { 201: woDetailAnswer, 409: apiErrorSchema },
  }),
  list: operation({
    method: 'GET',
    path: '/v2/wo',
    tags,
    summary: 'A list of work orders: Outgoing, Incoming, Completed or Certified, with filters, search, sorting and pages',
    description:
      'Each list is its menu entry’s (viewOutgoingWO, viewIncomingWO, viewCompletedWO for Completed and Certified): without it, it is empty.',
    operationId: 'listWorkOrders',
    access: READS,
    query: woListQuery,
    response: { 200: woPageAnswer },
  }),
  counts: operation({
    method: 'GET',
    path: '/v2/wo/counts',
    tags,
    summary: "The lists' counts and the approvals awaiting the caller",
    operationId: 'countWorkOrders',
    access: READS,
    response: { 200: woCountsAnswer },
  }),
  approvals: operation({
    method: 'GET',
    path: '/v2/wo/sent/approval',
    tags,
    summary:
      'Approval Requests: the work orders awaiting the caller’s approval ("Awaiting Approval") or approved by the caller ("Approved by me")',
    operationId: 'listWorkOrderApprovals',
    access: APPROVES,
    query: woApprovalQuery,
    response: { 200: woApprovalPageAnswer },
  }),
  providers: operation({
    method: 'GET',
    path: '/v2/wo/providers',
    tags,
    summary: 'The providers a work order can go to (the holder of the asset first, with the SLA binding each)',
    operationId: 'workOrderProviders',
    access: RAISES,
    query: srProviderQuery,
    response: { 200: srProviderOptionsAnswer },
  }),
  raised: operation({
    method: 'GET',
    path: '/v2/wo/raised/:id',
    tags,
    summary: 'The work orders raised for an asset or a fault (by its id), newest first, among those the caller sees',
    operationId: 'workOrdersRaised',
    description: 'An id that is not an asset or a fault the caller sees is not found (unless the caller sees work orders raised for it).',
    access: READS,
    params: srRaisedParams,
    response: { 200: woPageAnswer.pick({ data: true }), 404: apiErrorSchema },
  }),
  staff: operation({
    method: 'GET',
    path: '/v2/wo/staff/:id',
    tags,
    summary: "The provider's staff who can be assigned to the work order",
    operationId: 'workOrderStaff',
    access: PROVIDES,
    params: woIdParams,
    response: { 200: srStaffOptionsAnswer },
  }),
  detail: operation({
    method: 'GET',
    path: '/v2/wo/:id',
    tags,
    summary:
      'One work order with its lines, approval steps, clocks, staff, certification, rating, timeline and the actions the caller may take',
    operationId: 'getWorkOrder',
    access: READS,
    params: woIdParams,
    response: { 200: woDetailAnswer },
  }),
  update: step.put('/v2/wo/update/:id', {
    access: RAISES,
    summary: 'The owner changes a draft or a work order awaiting approval (a change of its lines restarts the approval at the first level)',
    operationId: 'updateWorkOrder',
    body: woUpdateSchema,
  }),
  submit: step.post('/v2/wo/submit/:id', {
    access: RAISES,
    summary: 'The owner submits a draft for approval (or straight to the provider when no level applies)',
    operationId: 'submitWorkOrder',
  }),
  approve: step.post('/v2/wo/approve/:id', {
    access: APPROVES,
    summary: 'An approver of the pending level approves (`approve: true`) or rejects it back to its creator with a reason',
    operationId: 'approveWorkOrder',
    body: approvalDecisionSchema,
  }),
  accept: step.post('/v2/wo/sent/accept/:id', {
    access: PROVIDES,
    summary: 'The provider accepts a work order sent to it (the response clock stops)',
    operationId: 'acceptWorkOrder',
  }),
  decline: step.post('/v2/wo/sent/decline/:id', {
    access: PROVIDES,
    summary: 'The provider declines a work order sent to it, with a reason',
    operationId: 'declineWorkOrder',
    body: woReasonSchema,
  }),
  assign: step.post('/v2/wo/assign/:id', {
    access: PROVIDES,
    summary: 'The provider assigns one or more of its staff',
    operationId: 'assignWorkOrder',
    body: woAssignSchema,
  }),
  start: step.post('/v2/wo/start/:id', {
    access: PROVIDES,
    summary: 'An assigned staff member (or the provider) starts the work',
    operationId: 'startWorkOrder',
  }),
  hold: step.post('/v2/wo/hold/:id', {
    access: PROVIDES,
    summary: 'The work waits, with a reason (parts, access...)',
    operationId: 'holdWorkOrder',
    body: woReasonSchema,
  }),
  resume: step.post('/v2/wo/resume/:id', {
    access: PROVIDES,
    summary: 'The work goes on after a hold',
    operationId: 'resumeWorkOrder',
  }),
  complete: step.post('/v2/wo/complete/:id', {
    access: PROVIDES,
    summary: 'The work is done: notes, time spent, the parts and services used, photos',
    operationId: 'completeWorkOrder',
    body: woCompleteSchema,
  }),
  certify: step.post('/v2/wo/certify/:id', {
    access: CERTIFIES,
    summary: "One side's certification with a comment (certified when both sides have)",
    operationId: 'certifyWorkOrder',
    body: woCertifySchema,
  }),
  unsatisfactory: step.post('/v2/wo/unsatisfactory/:id', {
    access: OWNS,
    summary: 'The owner finds the work unsatisfactory (back to in progress, with the reason)',
    operationId: 'workOrderUnsatisfactory',
    body: woReasonSchema,
  }),
  close: step.post('/v2/wo/close/:id', {
    access: OWNS,
    summary: 'The owner closes a certified work order without rating it',
    operationId: 'closeWorkOrder',
    body: woCloseSchema,
  }),
  end: step.post('/v2/wo/end/:id', {
    access: RAISES,
    summary: 'The owner ends an open work order early, with a reason',
    operationId: 'endWorkOrder',
    body: woReasonSchema,
  }),
  /** The first API's GET, kept for the mobile apps. */
  closeByGet: step.get('/v2/wo/close/:id', {
    access: OWNS,
    summary: 'The owner closes a certified work order (the mobile apps’ form of the call)',
    operationId: 'closeWorkOrderByGet',
  }),
  rate: operation({
    method: 'POST',
    path: '/v2/user/rate-user/:id',
    tags,
    summary: 'The owner rates the provider ({_id}) 1 to 5 for a certified work order, which closes it',
    operationId: 'rateProvider',
    access: OWNS,
    params: providerIdParams,
    body: rateSchema,
    response: stepAnswer,
  }),
  rating: operation({
    method: 'GET',
    path: '/v2/user/rating/:id',
    tags,
    summary: "A provider's average rating over its rated work orders (its own, or a provider of work orders the caller sees)",
    operationId: 'providerRating',
    access: READS,
    params: providerIdParams,
    response: { 200: providerRatingAnswer, 404: apiErrorSchema },
  }),
};
