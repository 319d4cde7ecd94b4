import { apiErrorSchema } from '@amp/contracts/fields';
import type { PermissionRule } from '@amp/contracts/permissions';
import {
  observationDecisionSchema,
  observationIdParams,
  observationListQuery,
  observationPageAnswer,
  observationSchema,
  srAssignSchema,
  srCloseSchema,
  srCountsAnswer,
  srCreateSchema,
  srDetailAnswer,
  srFaultParams,
  srFromFaultSchema,
  srIdParams,
  srListQuery,
  srPageAnswer,
  srProviderOptionsAnswer,
  srProviderQuery,
  srRaisedAnswer,
  srRaisedParams,
  srReasonSchema,
  srStaffOptionsAnswer,
} from '@amp/contracts/service-request';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import type { PermissionAccess } from '../../plugins/access.js';
import { principalOf } from '../../plugins/auth.js';
import { raiseFromObservation } from '../work-order/work-order.public.js';
import * as sr from './service-request.service.js';
import * as read from './service-request-read.service.js';

const tags = ['service request'];
/** docs/product.md#side-menu: the service request entries; the access module decides which requests. */
const READS: { permission: PermissionRule } = {
  permission: ['viewSR', 'viewOutgoingSR', 'viewIncomingSR', 'viewCompletedSR', 'manageObservation'],
};
/** Sending service requests is an owner's: a provider's staff hold viewSR to read theirs. */
const SENDS: PermissionAccess = { permission: 'viewSR', kinds: ['asset_owner'] };
const PROVIDES: { permission: PermissionRule } = { permission: 'viewIncomingSR' };
const OWNS: { permission: PermissionRule } = { permission: 'viewOutgoingSR' };
const languageOfRequest = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const detailOf = async (request: FastifyRequest, id: string) => ({
    data: await read.detail(app.deps.db, principalOf(request), id, languageOfRequest(request)),
  });

  app.post(
    '/sr/create',
    {
      schema: {
        tags,
        summary: 'The owner sends a service request about its asset or cluster to a provider',
        operationId: 'sendServiceRequest',
        description:
          'The SLA binding the provider over the asset (or its cluster) is copied into the request: its targets start the clocks.',
        body: srCreateSchema,
        response: { 201: srDetailAnswer },
      },
      config: { access: SENDS },
    },
    async (request, reply) => {
      const { id } = await sr.send(app.deps, principalOf(request), request.body);
      reply.status(201);
      return detailOf(request, id);
    },
  );

  app.post(
    '/sr/fault/:faultId',
    {
      schema: {
        tags,
        summary: 'The owner raises a service request on an open fault (the fault is converted and linked)',
        operationId: 'raiseServiceRequestFromFault',
        params: srFaultParams,
        body: srFromFaultSchema,
        response: { 201: srDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: SENDS, versioned: true },
    },
    async (request, reply) => {
      const { id } = await sr.raiseFromFault(app.deps, principalOf(request), request.params.faultId, request.body);
      reply.status(201);
      return detailOf(request, id);
    },
  );

  app.get(
    '/sr',
    {
      schema: {
        tags,
        summary: 'A list of service requests: Outgoing, Incoming or Completed, with filters, search, sorting and pages',
        description: 'Each list is its menu entry’s: without viewOutgoingSR, viewIncomingSR or viewCompletedSR respectively it is empty.',
        operationId: 'listServiceRequests',
        querystring: srListQuery,
        response: { 200: srPageAnswer },
      },
      config: { access: READS },
    },
    (request) => read.list(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/sr/counts',
    {
      schema: { tags, summary: "The lists' counts", operationId: 'countServiceRequests', response: { 200: srCountsAnswer } },
      config: { access: READS },
    },
    async (request) => ({ data: await read.counts(app.deps.db, principalOf(request)) }),
  );

  app.get(
    '/sr/providers',
    {
      schema: {
        tags,
        summary: 'The providers a request can go to, of a receiver type (the holder of the asset first, with the SLA binding each)',
        operationId: 'serviceRequestProviders',
        querystring: srProviderQuery,
        response: { 200: srProviderOptionsAnswer },
      },
      config: { access: SENDS },
    },
    async (request) => ({ data: await read.providerOptions(app.deps.db, principalOf(request), request.query) }),
  );

  app.get(
    '/sr/raised/:id',
    {
      schema: {
        tags,
        summary: 'The service requests raised for an asset or a fault (by its id), newest first',
        operationId: 'serviceRequestsRaised',
        description: 'Only the requests the caller sees; an id that is not an asset or a fault the caller sees is not found.',
        params: srRaisedParams,
        response: { 200: srRaisedAnswer },
      },
      config: { access: READS },
    },
    async (request) => ({ data: await read.raised(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.get(
    '/sr/staff/:id',
    {
      schema: {
        tags,
        summary: "The provider's staff who can be assigned to the request",
        operationId: 'serviceRequestStaff',
        params: srIdParams,
        response: { 200: srStaffOptionsAnswer },
      },
      config: { access: PROVIDES },
    },
    async (request) => ({ data: await read.staffOptions(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.get(
    '/sr/:id',
    {
      schema: {
        tags,
        summary: 'One service request with its clocks, staff, observations, timeline and the actions the caller may take',
        operationId: 'getServiceRequest',
        params: srIdParams,
        response: { 200: srDetailAnswer },
      },
      config: { access: READS },
    },
    (request) => detailOf(request, request.params.id),
  );

  app.post(
    '/sr/sent/accept/:id',
    {
      schema: {
        tags,
        summary: 'The provider accepts a request sent to it (the response clock stops)',
        operationId: 'acceptServiceRequest',
        params: srIdParams,
        response: { 200: srDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: PROVIDES, versioned: true },
    },
    async (request) => {
      await sr.accept(app.deps, principalOf(request), request.params.id);
      return detailOf(request, request.params.id);
    },
  );

  app.post(
    '/sr/sent/decline/:id',
    {
      schema: {
        tags,
        summary: 'The provider declines a request sent to it, with a reason told to the owner',
        operationId: 'declineServiceRequest',
        params: srIdParams,
        body: srReasonSchema,
        response: { 200: srDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: PROVIDES, versioned: true },
    },
    async (request) => {
      await sr.decline(app.deps, principalOf(request), request.params.id, request.body.reason);
      return detailOf(request, request.params.id);
    },
  );

  app.post(
    '/sr/assign/:id',
    {
      schema: {
        tags,
        summary: 'The provider assigns one or more of its staff (added to those already assigned)',
        operationId: 'assignServiceRequest',
        params: srIdParams,
        body: srAssignSchema,
        response: { 200: srDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: PROVIDES, versioned: true },
    },
    async (request) => {
      await sr.assign(app.deps, principalOf(request), request.params.id, request.body);
      return detailOf(request, request.params.id);
    },
  );

  // The GET of the mobile apps is kept; the web POSTs, with an optional note.
  app.get(
    '/sr/close/:id',
    {
      schema: {
        tags,
        summary: 'The owner closes a request (the mobile apps’ form of the call)',
        operationId: 'closeServiceRequestByGet',
        params: srIdParams,
        response: { 200: srDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: OWNS },
    },
    async (request) => {
      await sr.close(app.deps, principalOf(request), request.params.id, undefined);
      return detailOf(request, request.params.id);
    },
  );

  app.post(
    '/sr/close/:id',
    {
      schema: {
        tags,
        summary: 'The owner closes a request, with an optional note; the provider and its staff are told',
        operationId: 'closeServiceRequest',
        params: srIdParams,
        body: srCloseSchema,
        response: { 200: srDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: OWNS, versioned: true },
    },
    async (request) => {
      await sr.close(app.deps, principalOf(request), request.params.id, request.body?.note);
      return detailOf(request, request.params.id);
    },
  );

  app.post(
    '/observation/create/:id',
    {
      schema: {
        tags,
        summary: 'A staff member assigned to the request (or the provider) submits an observation, or a correction superseding one',
        operationId: 'submitObservation',
        description:
          'Lines from the pricebook take its name and price when submitted; free lines carry their own. The resolution clock pauses until the owner decides.',
        params: srIdParams,
        body: observationSchema,
        response: { 201: srDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: { permission: 'manageObservation' }, versioned: true },
    },
    async (request, reply) => {
      await sr.observe(app.deps, principalOf(request), request.params.id, request.body);
      reply.status(201);
      return detailOf(request, request.params.id);
    },
  );

  app.post(
    '/observation/accept/:id',
    {
      schema: {
        tags,
        summary: 'The owner accepts or rejects (with a reason) the observation awaiting its decision, or raises a work order from it',
        operationId: 'decideObservation',
        description:
          '`action`: `accept` resolves the request; `reject` sends it back to the staff; `work_order` accepts it and raises a work order for the same provider with its lines and evidence unchanged (needs manageWO; `workOrder` sets its title, priority, due date and whether it is submitted now).',
        params: observationIdParams,
        body: observationDecisionSchema,
        response: { 200: srDetailAnswer, 409: apiErrorSchema },
      },
      config: { access: OWNS },
    },
    async (request) => {
      const principal = principalOf(request);
      const { action, workOrder } = request.body;
      if (action === 'work_order') await raiseFromObservation(app.deps, principal, request.params.id, workOrder ?? { submit: true });
      else await sr.decide(app.deps, principal, request.params.id, request.body);
      const { serviceRequestId } = await sr.requestOfObservation(app.deps.db, principal, request.params.id);
      return detailOf(request, serviceRequestId);
    },
  );

  app.get(
    '/observation/sent',
    {
      schema: {
        tags,
        summary: 'The observations sent by the caller’s organisation (a technician: their own), newest first',
        operationId: 'listSentObservations',
        querystring: observationListQuery,
        response: { 200: observationPageAnswer },
      },
      config: { access: { permission: 'viewSentObservation' } },
    },
    (request) => read.sentObservations(app.deps.db, principalOf(request), request.query),
  );
};
