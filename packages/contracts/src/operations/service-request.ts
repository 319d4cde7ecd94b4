import { apiErrorSchema } from '../fields.js';
import {
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
} from '../service-request.js';
import type { PermissionAccess } from './access-rule.js';
import { operation, stepOperations } from './operation.js';

const tags = ['service request'];
/** The service request entries of the menu; the access module decides which requests. */
const READS: PermissionAccess = {
  permission: ['viewSR', 'viewOutgoingSR', 'viewIncomingSR', 'viewCompletedSR', 'manageObservation'],
};
/** Sending service requests is an owner's: a provider's staff hold viewSR to read theirs. */
const SENDS: PermissionAccess = { permission: 'viewSR', kinds: ['asset_owner'] };
const PROVIDES: PermissionAccess = { permission: 'viewIncomingSR' };
const OWNS: PermissionAccess = { permission: 'viewOutgoingSR' };

/** Every step answers the request as it now is. */
const step = stepOperations({ tags, params: srIdParams, response: { 200: srDetailAnswer, 409: apiErrorSchema }, versioned: true });

/** The service request and observation operations; the steps are named by their workflow action (SERVICE_REQUEST_WORKFLOW). */
export const serviceRequestOperations = {
  send: operation({
    method: 'POST',
    path: '/v2/sr/create',
    tags,
    summary: 'The owner sends a service request about its asset or cluster to a provider',
    operationId: 'sendServiceRequest',
    description: 'The SLA binding the provider over the asset (or its cluster) is copied into the request: its targets start the clocks.',
    access: SENDS,
    body: srCreateSchema,
    response: { 201: srDetailAnswer },
  }),
  raiseFromFault: operation({
    method: 'POST',
    path: '/v2/sr/fault/:faultId',
    tags,
    summary: 'The owner raises a service request on an open fault (the fault is converted and linked)',
    operationId: 'raiseServiceRequestFromFault',
    access: SENDS,
    versioned: true,
    params: srFaultParams,
    body: srFromFaultSchema,
    response: { 201: srDetailAnswer, 409: apiErrorSchema },
  }),
  list: operation({
    method: 'GET',
    path: '/v2/sr',
    tags,
    summary: 'A list of service requests: Outgoing, Incoming or Completed, with filters, search, sorting and pages',
    description: 'Each list is its menu entry’s: without viewOutgoingSR, viewIncomingSR or viewCompletedSR respectively it is empty.',
    operationId: 'listServiceRequests',
    access: READS,
    query: srListQuery,
    response: { 200: srPageAnswer },
  }),
  counts: operation({
    method: 'GET',
    path: '/v2/sr/counts',
    tags,
    summary: "The lists' counts",
    operationId: 'countServiceRequests',
    access: READS,
    response: { 200: srCountsAnswer },
  }),
  providers: operation({
    method: 'GET',
    path: '/v2/sr/providers',
    tags,
    summary: 'The providers a request can go to, of a receiver type (the holder of the asset first, with the SLA binding each)',
    operationId: 'serviceRequestProviders',
    access: SENDS,
    query: srProviderQuery,
    response: { 200: srProviderOptionsAnswer },
  }),
  raised: operation({
    method: 'GET',
    path: '/v2/sr/raised/:id',
    tags,
    summary: 'The service requests raised for an asset or a fault (by its id), newest first',
    operationId: 'serviceRequestsRaised',
    description: 'Only the requests the caller sees; an id that is not an asset or a fault the caller sees is not found.',
    access: READS,
    params: srRaisedParams,
    response: { 200: srRaisedAnswer },
  }),
  staff: operation({
    method: 'GET',
    path: '/v2/sr/staff/:id',
    tags,
    summary: "The provider's staff who can be assigned to the request",
    operationId: 'serviceRequestStaff',
    access: PROVIDES,
    params: srIdParams,
    response: { 200: srStaffOptionsAnswer },
  }),
  detail: operation({
    method: 'GET',
    path: '/v2/sr/:id',
    tags,
    summary: 'One service request with its clocks, staff, observations, timeline and the actions the caller may take',
    operationId: 'getServiceRequest',
    access: READS,
    params: srIdParams,
    response: { 200: srDetailAnswer },
  }),
  accept: step.post('/v2/sr/sent/accept/:id', {
    access: PROVIDES,
    summary: 'The provider accepts a request sent to it (the response clock stops)',
    operationId: 'acceptServiceRequest',
  }),
  decline: step.post('/v2/sr/sent/decline/:id', {
    access: PROVIDES,
    summary: 'The provider declines a request sent to it, with a reason told to the owner',
    operationId: 'declineServiceRequest',
    body: srReasonSchema,
  }),
  assign: step.post('/v2/sr/assign/:id', {
    access: PROVIDES,
    summary: 'The provider assigns one or more of its staff (added to those already assigned)',
    operationId: 'assignServiceRequest',
    body: srAssignSchema,
  }),
  /** The first API's GET, kept for the mobile apps; the web POSTs, with an optional note. */
  closeByGet: step.get('/v2/sr/close/:id', {
    access: OWNS,
    summary: 'The owner closes a request (the mobile apps’ form of the call)',
    operationId: 'closeServiceRequestByGet',
  }),
  close: step.post('/v2/sr/close/:id', {
    access: OWNS,
    summary: 'The owner closes a request, with an optional note; the provider and its staff are told',
    operationId: 'closeServiceRequest',
    body: srCloseSchema,
  }),
  observe: operation({
    method: 'POST',
    path: '/v2/observation/create/:id',
    tags,
    summary: 'A staff member assigned to the request (or the provider) submits an observation, or a correction superseding one',
    operationId: 'submitObservation',
    description:
      'Lines from the pricebook take its name and price when submitted; free lines carry their own. The resolution clock pauses until the owner decides.',
    access: { permission: 'manageObservation' },
    versioned: true,
    params: srIdParams,
    body: observationSchema,
    response: { 201: srDetailAnswer, 409: apiErrorSchema },
  }),
  sentObservations: operation({
    method: 'GET',
    path: '/v2/observation/sent',
    tags,
    summary: 'The observations sent by the caller’s organisation (a technician: their own), newest first',
    operationId: 'listSentObservations',
    access: { permission: 'viewSentObservation' },
    query: observationListQuery,
    response: { 200: observationPageAnswer },
  }),
};
