import { clusterCreateSchema, clusterEditSchema, clusterListQuery } from '@amp/contracts/asset';
import { idField } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as cluster from './cluster.service.js';

const tags = ['cluster'];
const byId = z.object({ id: idField(formatMessage, 'Cluster') });

export const clusterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cluster/create/',
    { schema: { tags, body: clusterCreateSchema }, config: { access: { permission: 'createNewAsset' } } },
    async (request, reply) => {
      reply.status(201);
      return { data: await cluster.create(app.deps, principalOf(request), request.body) };
    },
  );

  app.get(
    '/cluster/createdBy',
    { schema: { tags, querystring: clusterListQuery }, config: { access: { permission: 'viewAsset' } } },
    (request) => cluster.list(app.deps.db, principalOf(request), request.query),
  );

  app.get('/cluster/:id', { schema: { tags, params: byId }, config: { access: { permission: 'viewAsset' } } }, async (request) => ({
    data: await cluster.get(app.deps.db, principalOf(request), request.params.id),
  }));

  app.put(
    '/cluster/:id',
    { schema: { tags, params: byId, body: clusterEditSchema }, config: { access: { permission: 'manageAsset' } } },
    async (request) => ({ data: await cluster.edit(app.deps, principalOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/cluster/:id',
    { schema: { tags, params: byId }, config: { access: { permission: 'manageAsset' } } },
    async (request, reply) => {
      await cluster.remove(app.deps, principalOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
