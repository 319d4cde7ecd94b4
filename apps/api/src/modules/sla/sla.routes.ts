import { dataOf, idField, pageOf } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import { slaCreateSchema, slaListQuery, slaProvidedQuery, slaSchema, slaSummarySchema, slaUpdateSchema } from '@amp/contracts/sla';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as sla from './sla.service.js';

const tags = ['sla'];
const byId = z.object({ id: idField(formatMessage, 'SLA') });
const byUnderscoreId = z.object({ _id: idField(formatMessage, 'SLA') });

export const slaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sla/create/',
    {
      schema: {
        tags,
        summary: 'Create an SLA with a provider',
        operationId: 'createSla',
        body: slaCreateSchema,
        response: { 201: dataOf(slaSchema) },
      },
      config: { access: { permission: 'manageAsset' } },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await sla.create(app.deps, principalOf(request), request.body) };
    },
  );

  // The owner's SLAs.
  app.get(
    '/sla',
    {
      schema: {
        tags,
        summary: "The owner's SLAs",
        operationId: 'listSlas',
        querystring: slaListQuery,
        response: { 200: pageOf(slaSummarySchema) },
      },
      config: { access: { permission: 'manageAsset' } },
    },
    (request) => sla.list(app.deps.db, principalOf(request), request.query),
  );

  // The SLAs the caller's organisation provides.
  app.get(
    '/sla/provided',
    {
      schema: {
        tags,
        summary: "The SLAs the caller's organisation provides",
        operationId: 'listProvidedSlas',
        querystring: slaProvidedQuery,
        response: { 200: pageOf(slaSummarySchema) },
      },
      config: { access: { permission: 'viewOrganizationAssignedAsset' } },
    },
    (request) => sla.listProvided(app.deps.db, principalOf(request), request.query),
  );

  // Signed in is enough to ask; the service shows it only to the owner (viewAsset or manageAsset) and the provider.
  app.get(
    '/sla/:id',
    {
      schema: {
        tags,
        summary: 'An SLA (for its owner and its provider)',
        operationId: 'getSla',
        params: byId,
        response: { 200: dataOf(slaSchema) },
      },
      config: { access: 'signedIn' },
    },
    async (request) => ({ data: await sla.get(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.put(
    '/sla/update/:_id',
    {
      schema: {
        tags,
        summary: 'Edit an SLA',
        operationId: 'editSla',
        params: byUnderscoreId,
        body: slaUpdateSchema,
        response: { 200: dataOf(slaSchema) },
      },
      config: { access: { permission: 'manageAsset' } },
    },
    async (request) => ({ data: await sla.update(app.deps, principalOf(request), request.params._id, request.body) }),
  );
};
