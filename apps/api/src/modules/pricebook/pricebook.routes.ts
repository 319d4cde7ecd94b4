import { dataOf, out, pageOf } from '@amp/contracts/fields';
import {
  pricebookExportQuery,
  pricebookItemCreateSchema,
  pricebookItemParams,
  pricebookItemSchema,
  pricebookItemUpdateSchema,
  pricebookListQuery,
  pricebookOwnerParams,
} from '@amp/contracts/pricebook';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment, XLSX_TYPE } from '../../lib/spreadsheet.js';
import { principalOf } from '../../plugins/auth.js';
import { exportPricebook } from './pricebook.export.js';
import * as pricebook from './pricebook.service.js';

const tags = ['pricebook'];
const MB = 1024 * 1024;

export const pricebookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pricebook',
    {
      schema: {
        tags,
        summary: "The caller's organisation's pricebook (a provider's or a supplier's)",
        operationId: 'listPricebook',
        querystring: pricebookListQuery,
        response: { 200: pageOf(pricebookItemSchema) },
      },
      config: { access: { permission: 'managePricebook' } },
    },
    (request) => pricebook.listOwn(app.deps.db, principalOf(request), request.query),
  );

  // Signed in is enough to ask; the access module lets an owner read only the providers it works with.
  app.get(
    '/pricebook/of/:organisationId',
    {
      schema: {
        tags,
        summary: 'The pricebook of a provider the caller works with',
        description: 'For an owner whose assets or clusters the provider holds, or with which it has an SLA; 404 for anyone else.',
        operationId: 'listPricebookOf',
        params: pricebookOwnerParams,
        querystring: pricebookListQuery,
        response: { 200: pageOf(pricebookItemSchema) },
      },
      config: { access: 'signedIn' },
    },
    (request) => pricebook.listOf(app.deps.db, principalOf(request), request.params.organisationId, request.query),
  );

  app.get(
    '/pricebook/export',
    {
      schema: {
        tags,
        summary: "The caller's pricebook as a CSV or XLSX file",
        operationId: 'exportPricebook',
        querystring: pricebookExportQuery,
        response: {
          200: {
            description: 'The pricebook file',
            content: Object.fromEntries(['text/csv', XLSX_TYPE].map((type) => [type, { schema: out.binary(20 * MB) }])),
          },
        },
      },
      config: { access: { permission: 'managePricebook' } },
    },
    async (request, reply) => {
      const file = await exportPricebook(app.deps.db, principalOf(request), request.query);
      return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.body);
    },
  );

  app.get(
    '/pricebook/item/:id',
    {
      schema: {
        tags,
        summary: 'A pricebook item (its organisation, and owners the organisation works with)',
        operationId: 'getPricebookItem',
        params: pricebookItemParams,
        response: { 200: dataOf(pricebookItemSchema) },
      },
      config: { access: 'signedIn' },
    },
    async (request) => ({ data: await pricebook.get(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.post(
    '/pricebook/create',
    {
      schema: {
        tags,
        summary: 'Add an item to the pricebook',
        operationId: 'createPricebookItem',
        body: pricebookItemCreateSchema,
        response: { 201: dataOf(pricebookItemSchema) },
      },
      config: { access: { permission: 'managePricebook' } },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await pricebook.create(app.deps, principalOf(request), request.body) };
    },
  );

  app.put(
    '/pricebook/update/:id',
    {
      schema: {
        tags,
        summary: 'Change a pricebook item (what observations and orders already copied stays as it was)',
        operationId: 'updatePricebookItem',
        params: pricebookItemParams,
        body: pricebookItemUpdateSchema,
        response: { 200: dataOf(pricebookItemSchema) },
      },
      config: { access: { permission: 'managePricebook' } },
    },
    async (request) => ({ data: await pricebook.update(app.deps, principalOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/pricebook/retire/:id',
    {
      schema: {
        tags,
        summary: 'Retire a pricebook item: no longer offered, kept for history',
        operationId: 'retirePricebookItem',
        params: pricebookItemParams,
        response: { 200: dataOf(pricebookItemSchema) },
      },
      config: { access: { permission: 'managePricebook' } },
    },
    async (request) => ({ data: await pricebook.setRetired(app.deps, principalOf(request), request.params.id, true) }),
  );

  app.post(
    '/pricebook/restore/:id',
    {
      schema: {
        tags,
        summary: 'Offer a retired pricebook item again',
        operationId: 'restorePricebookItem',
        params: pricebookItemParams,
        response: { 200: dataOf(pricebookItemSchema) },
      },
      config: { access: { permission: 'managePricebook' } },
    },
    async (request) => ({ data: await pricebook.setRetired(app.deps, principalOf(request), request.params.id, false) }),
  );
};
