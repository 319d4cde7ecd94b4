import { idField } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import { slaCreateSchema, slaListQuery, slaProvidedQuery, slaUpdateSchema } from '@amp/contracts/sla';
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
    { schema: { tags, body: slaCreateSchema }, config: { access: { permission: 'manageAsset' } } },
    async (request, reply) => {
      reply.status(201);
      return { data: await sla.create(app.deps, principalOf(request), request.body) };
    },
  );

  // The owner's SLAs.
  app.get('/sla', { schema: { tags, querystring: slaListQuery }, config: { access: { permission: 'manageAsset' } } }, (request) =>
    sla.list(app.deps.db, principalOf(request), request.query),
  );

  // The SLAs the caller's organisation provides.
  app.get(
    '/sla/provided',
    { schema: { tags, querystring: slaProvidedQuery }, config: { access: { permission: 'viewOrganizationAssignedAsset' } } },
    (request) => sla.listProvided(app.deps.db, principalOf(request), request.query),
  );

  // Signed in is enough to ask; the service shows it only to the owner (viewAsset or manageAsset) and the provider.
  app.get('/sla/:id', { schema: { tags, params: byId }, config: { access: 'signedIn' } }, async (request) => ({
    data: await sla.get(app.deps.db, principalOf(request), request.params.id),
  }));

  app.put(
    '/sla/update/:_id',
    { schema: { tags, params: byUnderscoreId, body: slaUpdateSchema }, config: { access: { permission: 'manageAsset' } } },
    async (request) => ({ data: await sla.update(app.deps, principalOf(request), request.params._id, request.body) }),
  );
};
