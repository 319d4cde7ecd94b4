import { z } from 'zod';
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
} from '../asset.js';
import { apiErrorSchema, dataOf, idField, pageOf, recordId } from '../fields.js';
import { formatMessage } from '../messages.js';
import { operation } from './operation.js';

const tags = ['asset'];
const byId = z.object({ id: recordId('Asset', 'asset') });

/** An owner's assets, and the public look-ups of the fault portal. */
export const assetOperations = {
  create: operation({
    method: 'POST',
    path: '/v2/asset/create/',
    tags,
    summary: 'Create an asset',
    operationId: 'createAsset',
    access: { permission: 'createNewAsset' },
    body: assetCreateSchema,
    response: { 201: dataOf(assetSchema) },
  }),
  list: operation({
    method: 'GET',
    path: '/v2/asset/created',
    tags,
    summary: "The owner's assets",
    operationId: 'listAssets',
    access: { permission: 'viewAsset' },
    query: assetListQuery,
    response: { 200: pageOf(assetSchema) },
  }),
  detail: operation({
    method: 'GET',
    path: '/v2/asset/:id',
    tags,
    summary: 'An asset with its files and who holds it now',
    operationId: 'getAsset',
    access: { permission: 'viewAsset' },
    params: byId,
    response: { 200: dataOf(assetViewSchema) },
  }),
  history: operation({
    method: 'GET',
    path: '/v2/asset/:id/history',
    tags,
    summary: "An asset's history, newest first",
    operationId: 'listAssetHistory',
    access: { permission: 'viewAsset' },
    params: byId,
    query: assetHistoryQuery,
    response: { 200: pageOf(assetHistoryEntrySchema) },
  }),
  edit: operation({
    method: 'PUT',
    path: '/v2/asset/:id',
    tags,
    summary: 'Edit an asset',
    operationId: 'editAsset',
    access: { permission: 'manageAsset' },
    params: byId,
    body: assetEditSchema,
    response: { 200: dataOf(assetSchema), 409: apiErrorSchema },
  }),
  decommission: operation({
    method: 'POST',
    path: '/v2/asset/:id/decommission',
    tags,
    summary: 'Decommission an asset',
    operationId: 'decommissionAsset',
    access: { permission: 'manageAsset' },
    params: byId,
    body: decommissionSchema,
    response: { 200: dataOf(assetSchema), 409: apiErrorSchema },
  }),
  /** The public fault portal's pickers: anyone may call them, rate-limited per IP. */
  publicClusters: operation({
    method: 'GET',
    path: '/v2/asset/asset-owner/cluster/:ownerId',
    tags,
    summary: "An active owner's clusters (public, for the fault portal)",
    operationId: 'listPublicClusters',
    access: 'public',
    params: z.object({ ownerId: idField(formatMessage, 'Owner') }),
    query: lookupQuery,
    response: { 200: pageOf(publicClusterSchema) },
  }),
  publicClusterAssets: operation({
    method: 'GET',
    path: '/v2/asset/asset-owner/cluster-name/:clusterId',
    tags,
    summary: "A cluster's assets a fault can be reported on (public, for the fault portal)",
    operationId: 'listPublicClusterAssets',
    access: 'public',
    params: z.object({ clusterId: idField(formatMessage, 'Cluster') }),
    query: lookupQuery,
    response: { 200: pageOf(publicAssetSchema) },
  }),
};
