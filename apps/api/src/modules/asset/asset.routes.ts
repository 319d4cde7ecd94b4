import {
  assetCreateSchema,
  assetEditSchema,
  assetHistoryQuery,
  assetListQuery,
  decommissionSchema,
  lookupQuery,
} from '@amp/contracts/asset';
import { idField } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as asset from './asset.service.js';

const tags = ['asset'];
const byId = z.object({ id: idField(formatMessage, 'Asset') });

export const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/asset/create/',
    { schema: { tags, body: assetCreateSchema }, config: { access: { permission: 'createNewAsset' } } },
    async (request, reply) => {
      reply.status(201);
      return { data: await asset.create(app.deps, principalOf(request), request.body) };
    },
  );

  app.get('/asset/created', { schema: { tags, querystring: assetListQuery }, config: { access: { permission: 'viewAsset' } } }, (request) =>
    asset.list(app.deps.db, principalOf(request), request.query),
  );

  app.get('/asset/:id', { schema: { tags, params: byId }, config: { access: { permission: 'viewAsset' } } }, async (request) => ({
    data: await asset.get(app.deps.db, principalOf(request), request.params.id),
  }));

  app.get(
    '/asset/:id/history',
    { schema: { tags, params: byId, querystring: assetHistoryQuery }, config: { access: { permission: 'viewAsset' } } },
    (request) => asset.history(app.deps.db, principalOf(request), request.params.id, request.query),
  );

  app.put(
    '/asset/:id',
    { schema: { tags, params: byId, body: assetEditSchema }, config: { access: { permission: 'manageAsset' } } },
    async (request) => ({ data: await asset.edit(app.deps, principalOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/asset/:id/decommission',
    { schema: { tags, params: byId, body: decommissionSchema }, config: { access: { permission: 'manageAsset' } } },
    async (request) => ({ data: await asset.decommission(app.deps, principalOf(request), request.params.id, request.body) }),
  );

  // The public fault portal's pickers: anyone may call them, rate-limited per IP.
  app.get(
    '/asset/asset-owner/cluster/:ownerId',
    {
      schema: { tags, params: z.object({ ownerId: idField(formatMessage, 'Owner') }), querystring: lookupQuery },
      config: { access: 'public' },
    },
    (request) => asset.ownerClusters(app.deps.db, request.params.ownerId, request.query, request.ip),
  );

  app.get(
    '/asset/asset-owner/cluster-name/:clusterId',
    {
      schema: { tags, params: z.object({ clusterId: idField(formatMessage, 'Cluster') }), querystring: lookupQuery },
      config: { access: 'public' },
    },
    (request) => asset.clusterAssets(app.deps.db, request.params.clusterId, request.query, request.ip),
  );
};
