import { assetOperations as op } from '@amp/contracts/operations/asset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.js';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as asset from './asset.service.js';

/** The routes of packages/contracts/src/operations/asset.ts: each one's handler. */
export const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.create, async (request, reply) => {
    reply.status(201);
    return { data: await asset.create(app.deps, principalOf(request), request.body) };
  });
  operationRoute(app, op.list, (request) => asset.list(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.detail, async (request) => ({ data: await asset.get(app.deps.db, principalOf(request), request.params.id) }));
  operationRoute(app, op.history, (request) =>
    asset.history(app.deps.db, principalOf(request), request.params.id, request.query, languageOf(request.headers['accept-language'])),
  );
  operationRoute(app, op.edit, async (request) => ({
    data: await asset.edit(app.deps, principalOf(request), request.params.id, request.body),
  }));
  operationRoute(app, op.decommission, async (request) => ({
    data: await asset.decommission(app.deps, principalOf(request), request.params.id, request.body),
  }));
  operationRoute(app, op.publicClusters, (request) => asset.ownerClusters(app.deps.db, request.params.ownerId, request.query, request.ip));
  operationRoute(app, op.publicClusterAssets, (request) =>
    asset.clusterAssets(app.deps.db, request.params.clusterId, request.query, request.ip),
  );
};
