import {
  assetCreateSchema,
  assetEditSchema,
  assetHistoryEntrySchema,
  assetHistoryQuery,
  assetListQuery,
  assetSchema,
  assetViewSchema,
  decommissionSchema,
  lookupQuery,
  publicAssetSchema,
  publicClusterSchema,
} from '@amp/contracts/asset';
import { apiErrorSchema, dataOf, idField, pageOf } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../lib/language.js';
import { principalOf } from '../../plugins/auth.js';
import * as asset from './asset.service.js';

const tags = ['asset'];
const byId = z.object({ id: idField(formatMessage, 'Asset') });

export const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/asset/create/',
    {
      schema: {
        tags,
        summary: 'Create an asset',
        operationId: 'createAsset',
        body: assetCreateSchema,
        response: { 201: dataOf(assetSchema) },
      },
      config: { access: { permission: 'createNewAsset' } },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await asset.create(app.deps, principalOf(request), request.body) };
    },
  );

  app.get(
    '/asset/created',
    {
      schema: {
        tags,
        summary: "The owner's assets",
        operationId: 'listAssets',
        querystring: assetListQuery,
        response: { 200: pageOf(assetSchema) },
      },
      config: { access: { permission: 'viewAsset' } },
    },
    (request) => asset.list(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/asset/:id',
    {
      schema: {
        tags,
        summary: 'An asset with its files and who holds it now',
        operationId: 'getAsset',
        params: byId,
        response: { 200: dataOf(assetViewSchema) },
      },
      config: { access: { permission: 'viewAsset' } },
    },
    async (request) => ({ data: await asset.get(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.get(
    '/asset/:id/history',
    {
      schema: {
        tags,
        summary: "An asset's history, newest first",
        operationId: 'listAssetHistory',
        params: byId,
        querystring: assetHistoryQuery,
        response: { 200: pageOf(assetHistoryEntrySchema) },
      },
      config: { access: { permission: 'viewAsset' } },
    },
    (request) =>
      asset.history(app.deps.db, principalOf(request), request.params.id, request.query, languageOf(request.headers['accept-language'])),
  );

  app.put(
    '/asset/:id',
    {
      schema: {
        tags,
        summary: 'Edit an asset',
        operationId: 'editAsset',
        params: byId,
        body: assetEditSchema,
        response: { 200: dataOf(assetSchema), 409: apiErrorSchema },
      },
      config: { access: { permission: 'manageAsset' } },
    },
    async (request) => ({ data: await asset.edit(app.deps, principalOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/asset/:id/decommission',
    {
      schema: {
        tags,
        summary: 'Decommission an asset',
        operationId: 'decommissionAsset',
        params: byId,
        body: decommissionSchema,
        response: { 200: dataOf(assetSchema), 409: apiErrorSchema },
      },
      config: { access: { permission: 'manageAsset' } },
    },
    async (request) => ({ data: await asset.decommission(app.deps, principalOf(request), request.params.id, request.body) }),
  );

  // The public fault portal's pickers: anyone may call them, rate-limited per IP.
  app.get(
    '/asset/asset-owner/cluster/:ownerId',
    {
      schema: {
        tags,
        summary: "An active owner's clusters (public, for the fault portal)",
        operationId: 'listPublicClusters',
        params: z.object({ ownerId: idField(formatMessage, 'Owner') }),
        querystring: lookupQuery,
        response: { 200: pageOf(publicClusterSchema) },
      },
      config: { access: 'public' },
    },
    (request) => asset.ownerClusters(app.deps.db, request.params.ownerId, request.query, request.ip),
  );

  app.get(
    '/asset/asset-owner/cluster-name/:clusterId',
    {
      schema: {
        tags,
        summary: "A cluster's assets a fault can be reported on (public, for the fault portal)",
        operationId: 'listPublicClusterAssets',
        params: z.object({ clusterId: idField(formatMessage, 'Cluster') }),
        querystring: lookupQuery,
        response: { 200: pageOf(publicAssetSchema) },
      },
      config: { access: 'public' },
    },
    (request) => asset.clusterAssets(app.deps.db, request.params.clusterId, request.query, request.ip),
  );
};
