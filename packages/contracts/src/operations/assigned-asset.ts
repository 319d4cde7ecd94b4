import { z } from 'zod';
import { assignedAssetDetailsSchema, assignedClusterDetailsAnswer } from '../assignment.js';
import { dataOf, pageQuery, recordId } from '../fields.js';
import type { PermissionAccess } from './access-rule.js';
import { operation } from './operation.js';

/** Under the assignments in the documentation, where a provider finds what it holds. */
const tags = ['assignment'];
const byAssetId = z.object({ id: recordId('Asset', 'asset') });
const byClusterId = z.object({ id: recordId('Cluster', 'cluster') });
const clusterAssetsQuery = pageQuery.omit({ sort: true });
/** The provider's dispatchers see all it holds, its technicians what is assigned to them. */
const READS_DETAILS: PermissionAccess = { permission: ['viewOrganizationAssignedAsset', 'viewTechAssignedAsset'] };

/**
 * What a provider's staff read of an asset or cluster it holds: the owner's record with its owner
 * and the technicians on it, composed above the asset and assignment modules (decision 0033).
 */
export const assignedAssetOperations = {
  assetDetails: operation({
    method: 'GET',
    path: '/v2/asset/assigned-asset/details/:id',
    tags,
    summary: 'An assigned asset with its owner and technicians',
    operationId: 'getAssignedAsset',
    access: READS_DETAILS,
    params: byAssetId,
    response: { 200: dataOf(assignedAssetDetailsSchema) },
  }),
  clusterDetails: operation({
    method: 'GET',
    path: '/v2/asset/assigned-cluster/details/:id',
    tags,
    summary: 'An assigned cluster with a page of its assets, its owner and technicians',
    operationId: 'getAssignedCluster',
    access: READS_DETAILS,
    params: byClusterId,
    query: clusterAssetsQuery,
    response: { 200: assignedClusterDetailsAnswer },
  }),
};
