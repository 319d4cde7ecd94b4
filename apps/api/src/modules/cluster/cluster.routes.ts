import { clusterCreateSchema, clusterEditSchema, clusterListQuery, clusterSchema } from '@amp/contracts/asset';
import { apiErrorSchema, dataOf, idField, pageOf } from '@amp/contracts/fields';
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
    {
      schema: {
        tags,
        summary: 'Create a cluster',
        operationId: 'createCluster',
        body: clusterCreateSchema,
        response: { 201: dataOf(clusterSchema) },
      },
      config: { access: { permission: 'createNewAsset' } },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await cluster.create(app.deps, principalOf(request), request.body) };
    },
  );

  app.get(
    '/cluster/createdBy',
    {
      schema: {
        tags,
        summary: "The owner's clusters",
        operationId: 'listClusters',
        querystring: clusterListQuery,
        response: { 200: pageOf(clusterSchema) },
      },
      config: { access: { permission: 'viewAsset' } },
    },
    (request) => cluster.list(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/cluster/:id',
    {
      schema: { tags, summary: 'A cluster', operationId: 'getCluster', params: byId, response: { 200: dataOf(clusterSchema) } },
      config: { access: { permission: 'viewAsset' } },
    },
    async (request) => ({ data: await cluster.get(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.put(
    '/cluster/:id',
    {
      schema: {
        tags,
        summary: 'Edit a cluster',
        operationId: 'editCluster',
        params: byId,
        body: clusterEditSchema,
        response: { 200: dataOf(clusterSchema) },
      },
      config: { access: { permission: 'manageAsset' } },
    },
    async (request) => ({ data: await cluster.edit(app.deps, principalOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/cluster/:id',
    {
      schema: {
        tags,
        summary: 'Delete an empty cluster',
        operationId: 'deleteCluster',
        params: byId,
        response: { 204: z.undefined().describe('Deleted'), 409: apiErrorSchema },
      },
      config: { access: { permission: 'manageAsset' } },
    },
    async (request, reply) => {
      await cluster.remove(app.deps, principalOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
