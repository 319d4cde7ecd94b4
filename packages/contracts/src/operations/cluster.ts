import { z } from 'zod';
import { clusterCreateSchema, clusterEditSchema, clusterListQuery, clusterSchema } from '../asset.js';
import { apiErrorSchema, dataOf, pageOf, recordId } from '../fields.js';
import { operation } from './operation.js';

const tags = ['cluster'];
const byId = z.object({ id: recordId('Cluster', 'cluster') });

/** An owner's clusters, which group its assets. */
export const clusterOperations = {
  create: operation({
    method: 'POST',
    path: '/v2/cluster/create/',
    tags,
    summary: 'Create a cluster',
    operationId: 'createCluster',
    access: { permission: 'createNewAsset' },
    body: clusterCreateSchema,
    response: { 201: dataOf(clusterSchema) },
  }),
  list: operation({
    method: 'GET',
    path: '/v2/cluster/createdBy',
    tags,
    summary: "The owner's clusters",
    operationId: 'listClusters',
    access: { permission: 'viewAsset' },
    query: clusterListQuery,
    response: { 200: pageOf(clusterSchema) },
  }),
  detail: operation({
    method: 'GET',
    path: '/v2/cluster/:id',
    tags,
    summary: 'A cluster',
    operationId: 'getCluster',
    access: { permission: 'viewAsset' },
    params: byId,
    response: { 200: dataOf(clusterSchema) },
  }),
  edit: operation({
    method: 'PUT',
    path: '/v2/cluster/:id',
    tags,
    summary: 'Edit a cluster',
    operationId: 'editCluster',
    access: { permission: 'manageAsset' },
    params: byId,
    body: clusterEditSchema,
    response: { 200: dataOf(clusterSchema) },
  }),
  remove: operation({
    method: 'DELETE',
    path: '/v2/cluster/:id',
    tags,
    summary: 'Delete an empty cluster',
    operationId: 'deleteCluster',
    access: { permission: 'manageAsset' },
    params: byId,
    response: { 204: z.undefined().describe('Deleted'), 409: apiErrorSchema },
  }),
};
