import { approvalDecisionSchema } from '@amp/contracts/approval';
import { apiErrorSchema } from '@amp/contracts/fields';
import type { PermissionRule } from '@amp/contracts/permissions';
import { srProviderOptionsAnswer, srProviderQuery, srRaisedParams, srStaffOptionsAnswer } from '@amp/contracts/service-request';
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
} from '@amp/contracts/work-order';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import { stepRoutes } from '../../lib/step-routes.js';
import type { PermissionAccess } from '../../plugins/access.js';
import { principalOf } from '../../plugins/auth.js';
import * as wo from './work-order.service.js';
import * as read from './work-order-read.service.js';

const tags = ['work order'];
/** docs/product.md#side-menu: the work order entries; the access module decides which work orders. */
const READS: { permission: PermissionRule } = {
  permission: ['manageWO', 'approveWO', 'woConfiguration', 'viewOutgoingWO', 'viewIncomingWO', 'viewCompletedWO'],
};
/** Raising and changing work orders is an owner's: a provider's staff hold manageWO for the menu group. */
const RAISES: PermissionAccess = { permission: 'manageWO', kinds: ['asset_owner'] };
const APPROVES: { permission: PermissionRule } = { permission: 'approveWO' };
const PROVIDES: { permission: PermissionRule } = { permission: 'viewIncomingWO' };
const OWNS: { permission: PermissionRule } = { permission: ['viewOutgoingWO', 'viewCompletedWO'] };
const CERTIFIES: { permission: PermissionRule } = { permission: ['viewOutgoingWO', 'viewCompletedWO', 'viewIncomingWO'] };
const languageOfRequest = (request: FastifyRequest) => languageOf(request.headers['accept-language']);
const stepAnswer = { 200: woDetailAnswer, 404: apiErrorSchema, 409: apiErrorSchema };

export const workOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const detailOf = async (request: FastifyRequest, id: string) => ({
    data: await read.detail(app.deps.db, principalOf(request), id, languageOfRequest(request)),
  });

  const step = stepRoutes(app, { tags, params: woIdParams, response: stepAnswer, answer: detailOf, versioned: true });

  app.post(
    '/wo/create',
    {
      schema: {
        tags,
        summary: 'The owner raises a work order about its asset or cluster for a provider, submitted for approval unless kept as a draft',
        operationId: 'createWorkOrder',
        description:
          'Lines from the provider’s pricebook take its name and price now; free lines carry their own. Submitting copies the approval levels that apply to the total into the work order as steps; with no level it goes straight to the provider.',
        body: woCreateSchema,
        response: { 201: woDetailAnswer },
      },
      config: { access: RAISES },
    },
    async (request, reply) => {
      const { id } = await wo.create(app.deps, principalOf(request), request.body);
      reply.status(201);
      return detailOf(request, id);
    },
  );

  app.post(
    '/wo/fault/:faultId',
    {
      schema: {
        tags,
        summary: 'The owner raises a work order on an open fault (the fault is converted and linked)',
        operationId: 'raiseWorkOrderFromFault',
        params: woFaultParams,
        body: woFromFaultSchema,
        response: { 201: woDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: RAISES, versioned: true },
    },
    async (request, reply) => {
      const { id } = await wo.raiseFromFault(app.deps, principalOf(request), request.params.faultId, request.body);
      reply.status(201);
      return detailOf(request, id);
    },
  );

  app.get(
    '/wo',
    {
      schema: {
        tags,
        summary: 'A list of work orders: Outgoing, Incoming, Completed or Certified, with filters, search, sorting and pages',
        description:
          'Each list is its menu entry’s (viewOutgoingWO, viewIncomingWO, viewCompletedWO for Completed and Certified): without it, it is empty.',
        operationId: 'listWorkOrders',
        querystring: woListQuery,
        response: { 200: woPageAnswer },
      },
      config: { access: READS },
    },
    (request) => read.list(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/wo/counts',
    {
      schema: {
        tags,
        summary: "The lists' counts and the approvals awaiting the caller",
        operationId: 'countWorkOrders',
        response: { 200: woCountsAnswer },
      },
      config: { access: READS },
    },
    async (request) => ({ data: await read.counts(app.deps.db, principalOf(request)) }),
  );

  app.get(
    '/wo/sent/approval',
    {
      schema: {
        tags,
        summary:
          'Approval Requests: the work orders awaiting the caller’s approval ("Awaiting Approval") or approved by the caller ("Approved by me")',
        operationId: 'listWorkOrderApprovals',
        querystring: woApprovalQuery,
        response: { 200: woApprovalPageAnswer },
      },
      config: { access: APPROVES },
    },
    (request) => read.approvals(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/wo/providers',
    {
      schema: {
        tags,
        summary: 'The providers a work order can go to (the holder of the asset first, with the SLA binding each)',
        operationId: 'workOrderProviders',
        querystring: srProviderQuery,
        response: { 200: srProviderOptionsAnswer },
      },
      config: { access: RAISES },
    },
    async (request) => ({ data: await read.providerOptions(app.deps.db, principalOf(request), request.query) }),
  );

  app.get(
    '/wo/raised/:id',
    {
      schema: {
        tags,
        summary: 'The work orders raised for an asset or a fault (by its id), newest first, among those the caller sees',
        operationId: 'workOrdersRaised',
        description:
          'An id that is not an asset or a fault the caller sees is not found (unless the caller sees work orders raised for it).',
        params: srRaisedParams,
        response: { 200: woPageAnswer.pick({ data: true }), 404: apiErrorSchema },
      },
      config: { access: READS },
    },
    async (request) => ({ data: await read.raised(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.get(
    '/wo/staff/:id',
    {
      schema: {
        tags,
        summary: "The provider's staff who can be assigned to the work order",
        operationId: 'workOrderStaff',
        params: woIdParams,
        response: { 200: srStaffOptionsAnswer },
      },
      config: { access: PROVIDES },
    },
    async (request) => ({ data: await read.staffOptions(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.get(
    '/wo/:id',
    {
      schema: {
        tags,
        summary:
          'One work order with its lines, approval steps, clocks, staff, certification, rating, timeline and the actions the caller may take',
        operationId: 'getWorkOrder',
        params: woIdParams,
        response: { 200: woDetailAnswer },
      },
      config: { access: READS },
    },
    (request) => detailOf(request, request.params.id),
  );

  step.put(
    '/wo/update/:id',
    {
      access: RAISES,
      summary:
        'The owner changes a draft or a work order awaiting approval (a change of its lines restarts the approval at the first level)',
      operationId: 'updateWorkOrder',
      body: woUpdateSchema,
    },
    (request, id, body) => wo.update(app.deps, principalOf(request), id, body),
  );
  step.post(
    '/wo/submit/:id',
    {
      access: RAISES,
      summary: 'The owner submits a draft for approval (or straight to the provider when no level applies)',
      operationId: 'submitWorkOrder',
    },
    (request, id) => wo.submit(app.deps, principalOf(request), id),
  );
  step.post(
    '/wo/approve/:id',
    {
      access: APPROVES,
      summary: 'An approver of the pending level approves (`approve: true`) or rejects it back to its creator with a reason',
      operationId: 'approveWorkOrder',
      body: approvalDecisionSchema,
    },
    (request, id, body) => wo.approve(app.deps, principalOf(request), id, body),
  );
  step.post(
    '/wo/sent/accept/:id',
    {
      access: PROVIDES,
      summary: 'The provider accepts a work order sent to it (the response clock stops)',
      operationId: 'acceptWorkOrder',
    },
    (request, id) => wo.accept(app.deps, principalOf(request), id),
  );
  step.post(
    '/wo/sent/decline/:id',
    {
      access: PROVIDES,
      summary: 'The provider declines a work order sent to it, with a reason',
      operationId: 'declineWorkOrder',
      body: woReasonSchema,
    },
    (request, id, body) => wo.decline(app.deps, principalOf(request), id, body.reason),
  );
  step.post(
    '/wo/assign/:id',
    { access: PROVIDES, summary: 'The provider assigns one or more of its staff', operationId: 'assignWorkOrder', body: woAssignSchema },
    (request, id, body) => wo.assign(app.deps, principalOf(request), id, body),
  );
  step.post(
    '/wo/start/:id',
    { access: PROVIDES, summary: 'An assigned staff member (or the provider) starts the work', operationId: 'startWorkOrder' },
    (request, id) => wo.start(app.deps, principalOf(request), id),
  );
  step.post(
    '/wo/hold/:id',
    { access: PROVIDES, summary: 'The work waits, with a reason (parts, access...)', operationId: 'holdWorkOrder', body: woReasonSchema },
    (request, id, body) => wo.hold(app.deps, principalOf(request), id, body.reason),
  );
  step.post(
    '/wo/resume/:id',
    { access: PROVIDES, summary: 'The work goes on after a hold', operationId: 'resumeWorkOrder' },
    (request, id) => wo.resume(app.deps, principalOf(request), id),
  );
  step.post(
    '/wo/complete/:id',
    {
      access: PROVIDES,
      summary: 'The work is done: notes, time spent, the parts and services used, photos',
      operationId: 'completeWorkOrder',
      body: woCompleteSchema,
    },
    (request, id, body) => wo.complete(app.deps, principalOf(request), id, body),
  );
  step.post(
    '/wo/certify/:id',
    {
      access: CERTIFIES,
      summary: "One side's certification with a comment (certified when both sides have)",
      operationId: 'certifyWorkOrder',
      body: woCertifySchema,
    },
    (request, id, body) => wo.certify(app.deps, principalOf(request), id, body),
  );
  step.post(
    '/wo/unsatisfactory/:id',
    {
      access: OWNS,
      summary: 'The owner finds the work unsatisfactory (back to in progress, with the reason)',
      operationId: 'workOrderUnsatisfactory',
      body: woReasonSchema,
    },
    (request, id, body) => wo.unsatisfactory(app.deps, principalOf(request), id, body.reason),
  );
  step.post(
    '/wo/close/:id',
    {
      access: OWNS,
      summary: 'The owner closes a certified work order without rating it',
      operationId: 'closeWorkOrder',
      body: woCloseSchema,
    },
    (request, id) => wo.close(app.deps, principalOf(request), id),
  );
  step.post(
    '/wo/end/:id',
    {
      access: RAISES,
      summary: 'The owner ends an open work order early, with a reason',
      operationId: 'endWorkOrder',
      body: woReasonSchema,
    },
    (request, id, body) => wo.end(app.deps, principalOf(request), id, body.reason),
  );
  // The GET of the mobile apps is kept (docs/api-contract.md#work-orders-issue-10).
  step.get(
    '/wo/close/:id',
    {
      access: OWNS,
      summary: 'The owner closes a certified work order (the mobile apps’ form of the call)',
      operationId: 'closeWorkOrderByGet',
    },
    (request, id) => wo.close(app.deps, principalOf(request), id),
  );

  app.post(
    '/user/rate-user/:id',
    {
      schema: {
        tags,
        summary: 'The owner rates the provider ({_id}) 1 to 5 for a certified work order, which closes it',
        operationId: 'rateProvider',
        params: providerIdParams,
        body: rateSchema,
        response: stepAnswer,
      },
      config: { access: OWNS },
    },
    async (request) => {
      await wo.rate(app.deps, principalOf(request), request.params.id, request.body);
      return detailOf(request, request.body.workOrder);
    },
  );

  app.get(
    '/user/rating/:id',
    {
      schema: {
        tags,
        summary: "A provider's average rating over its rated work orders (its own, or a provider of work orders the caller sees)",
        operationId: 'providerRating',
        params: providerIdParams,
        response: { 200: providerRatingAnswer, 404: apiErrorSchema },
      },
      config: { access: READS },
    },
    async (request) => ({ data: await read.rating(app.deps.db, principalOf(request), request.params.id) }),
  );
};
