import { z } from 'zod';
import {
  assignedItemSchema,
  assignedQuery,
  assignResultSchema,
  assignSchema,
  ownerAssignmentQuery,
  ownerAssignmentSchema,
  technicianAssignmentSchema,
  technicianAssignSchema,
  unassignSchema,
} from '../assignment.js';
import { apiErrorSchema, dataOf, pageOf, recordId } from '../fields.js';
import type { PermissionAccess } from './access-rule.js';
import { operation } from './operation.js';

const tags = ['assignment'];
const assetParam = z.object({ _id: recordId('Asset', 'asset') });
const clusterParam = z.object({ _id: recordId('Cluster', 'cluster') });
const DISPATCHES: PermissionAccess = { permission: 'viewOrganizationAssignedAsset' };

/**
 * The owner gives assets and clusters to a provider, takes them back and sees what is out; the
 * provider sees what its organisation holds and dispatches it to its technicians, who see only
 * what was given to them.
 */
export const assignmentOperations = {
  assign: operation({
    method: 'POST',
    path: '/v2/asset/assign',
    tags,
    summary: 'Give assets and clusters to a provider',
    operationId: 'assignToProvider',
    access: { permission: 'manageAsset' },
    body: assignSchema,
    response: { 200: dataOf(assignResultSchema), 409: apiErrorSchema },
  }),
  unassign: operation({
    method: 'POST',
    path: '/v2/asset/unassign',
    tags,
    summary: 'Take assets and clusters back from their provider',
    operationId: 'unassignFromProvider',
    access: { permission: 'manageAsset' },
    body: unassignSchema,
    response: { 200: dataOf(assignResultSchema), 409: apiErrorSchema },
  }),
  ownerList: operation({
    method: 'GET',
    path: '/v2/asset/assign',
    tags,
    summary: "The owner's live assignments",
    operationId: 'listOwnerAssignments',
    access: { permission: ['manageAsset', 'viewAsset'] },
    query: ownerAssignmentQuery,
    response: { 200: pageOf(ownerAssignmentSchema) },
  }),
  providerList: operation({
    method: 'GET',
    path: '/v2/asset/assigned',
    tags,
    summary: "What the provider's organisation holds",
    operationId: 'listProviderAssignments',
    access: DISPATCHES,
    query: assignedQuery,
    response: { 200: pageOf(assignedItemSchema) },
  }),
  dispatchAsset: operation({
    method: 'POST',
    path: '/v2/asset/technician/asset/assign/:_id',
    tags,
    summary: 'Dispatch an asset to a technician',
    operationId: 'dispatchAsset',
    access: DISPATCHES,
    params: assetParam,
    body: technicianAssignSchema,
    response: { 201: dataOf(technicianAssignmentSchema), 409: apiErrorSchema },
  }),
  dispatchCluster: operation({
    method: 'POST',
    path: '/v2/asset/technician/cluster/assign/:_id',
    tags,
    summary: 'Dispatch a cluster to a technician',
    operationId: 'dispatchCluster',
    access: DISPATCHES,
    params: clusterParam,
    body: technicianAssignSchema,
    response: { 201: dataOf(technicianAssignmentSchema), 409: apiErrorSchema },
  }),
  technicianList: operation({
    method: 'GET',
    path: '/v2/asset/technician/assigned',
    tags,
    summary: 'What is dispatched to the signed-in technician',
    operationId: 'listTechnicianAssignments',
    access: { permission: 'viewTechAssignedAsset' },
    query: assignedQuery,
    response: { 200: pageOf(assignedItemSchema) },
  }),
};
