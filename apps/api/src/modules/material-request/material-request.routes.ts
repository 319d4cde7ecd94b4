import { apiErrorSchema } from '@amp/contracts/fields';
import {
  materialRequestAcceptSchema,
  materialRequestAnswer,
  materialRequestCountsAnswer,
  materialRequestListQuery,
  materialRequestPage,
  materialRequestParams,
  materialRequestRejectSchema,
  materialRequestSchema,
} from '@amp/contracts/material-request';
import type { PermissionRule } from '@amp/contracts/permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stepRoutes } from '../../lib/step-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as mr from './material-request.service.js';
import * as read from './material-request-read.service.js';

const tags = ['material request'];
/** Who requests materials (staff who work on work orders) and who keeps the warehouses; the access module decides which requests. */
const REQUESTS: { permission: PermissionRule } = { permission: ['manageWO', 'manageWarehouse', 'viewWarehouse'] };
/** Deciding: a manager of the request's warehouse (checked by the service). */
const DECIDES: { permission: PermissionRule } = { permission: 'manageWarehouse' };
const stepAnswer = { 200: materialRequestAnswer, 404: apiErrorSchema, 409: apiErrorSchema };

/** The material request routes (issue 11). */
export const materialRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const detailOf = async (request: FastifyRequest, id: string) => ({ data: await read.detail(app.deps.db, principalOf(request), id) });
  const step = stepRoutes(app, { tags, params: materialRequestParams, response: stepAnswer, answer: detailOf, versioned: true });

  app.post(
    '/material-request/create',
    {
      schema: {
        tags,
        summary: 'A staff member asks a warehouse of their organisation for items, optionally for a work order',
        operationId: 'createMaterialRequest',
        description:
          'Every item must be one of that warehouse’s; the work order, one the caller works on or owns. The warehouse’s managers are notified.',
        body: materialRequestSchema,
        response: { 201: materialRequestAnswer },
      },
      config: { access: REQUESTS },
    },
    async (request, reply) => {
      const id = await mr.create(app.deps, principalOf(request), request.body);
      reply.status(201);
      return detailOf(request, id);
    },
  );

  app.get(
    '/material-request',
    {
      schema: {
        tags,
        summary: 'A list of material requests: mine, awaiting my decision (incoming) or decided, with search, filters, sorting and pages',
        operationId: 'listMaterialRequests',
        querystring: materialRequestListQuery,
        response: { 200: materialRequestPage },
      },
      config: { access: REQUESTS },
    },
    (request) => read.list(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/material-request/counts',
    {
      schema: {
        tags,
        summary: 'The tabs’ badges: my pending requests and the pending ones awaiting my decision',
        operationId: 'countMaterialRequests',
        response: { 200: materialRequestCountsAnswer },
      },
      config: { access: REQUESTS },
    },
    async (request) => ({ data: await read.counts(app.deps.db, principalOf(request)) }),
  );

  app.get(
    '/material-request/:id',
    {
      schema: {
        tags,
        summary: 'One material request with its lines, the stock each item holds now and the actions the caller may take',
        operationId: 'getMaterialRequest',
        params: materialRequestParams,
        response: { 200: materialRequestAnswer, 404: apiErrorSchema },
      },
      config: { access: REQUESTS },
    },
    (request) => detailOf(request, request.params.id),
  );

  step.post(
    '/material-request/accept/:id',
    {
      access: DECIDES,
      summary: 'A manager of the warehouse accepts lines (none named: every pending line), issuing their stock in the same transaction',
      operationId: 'acceptMaterialRequest',
      description: 'Stock short on any line refuses the whole decision with 409 and the quantity available; nothing is written.',
      body: materialRequestAcceptSchema,
    },
    (request, id, body) => mr.accept(app.deps, principalOf(request), id, body),
  );
  step.post(
    '/material-request/reject/:id',
    {
      access: DECIDES,
      summary: 'A manager of the warehouse rejects lines (none named: every pending line) with a reason',
      operationId: 'rejectMaterialRequest',
      body: materialRequestRejectSchema,
    },
    (request, id, body) => mr.reject(app.deps, principalOf(request), id, body),
  );
  step.post(
    '/material-request/cancel/:id',
    {
      access: REQUESTS,
      summary: 'The requester withdraws the request while none of its lines is decided',
      operationId: 'cancelMaterialRequest',
    },
    (request, id) => mr.cancel(app.deps, principalOf(request), id),
  );
};
