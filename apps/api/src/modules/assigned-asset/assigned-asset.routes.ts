import { assignedAssetOperations as op } from '@amp/contracts/operations/assigned-asset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import { assignedAssetDetails, assignedClusterDetails } from './assigned-asset.service.js';

/** The routes of packages/contracts/src/operations/assigned-asset.ts: each one's handler. */
export const assignedAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.assetDetails, async (request) => ({
    data: await assignedAssetDetails(app.deps.db, principalOf(request), request.params.id),
  }));
  operationRoute(app, op.clusterDetails, (request) =>
    assignedClusterDetails(app.deps.db, principalOf(request), request.params.id, request.query),
  );
};
