import {
  assignedAssetDetailsSchema,
  assignedClusterDetailsAnswer,
  assignedItemSchema,
  assignedQuery,
  assignResultSchema,
  assignSchema,
  ownerAssignmentQuery,
  ownerAssignmentSchema,
  technicianAssignmentSchema,
  technicianAssignSchema,
  unassignSchema,
} from '@amp/contracts/assignment';
import { apiErrorSchema, dataOf, idField, pageOf, pageQuery } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import type { Permission } from '@amp/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as assignment from './assignment.service.js';

const tags = ['assignment'];
const byAssetId = z.object({ id: idField(formatMessage, 'Asset') });
const byClusterId = z.object({ id: idField(formatMessage, 'Cluster') });
const assetParam = z.object({ _id: idField(formatMessage, 'Asset') });
const clusterParam = z.object({ _id: idField(formatMessage, 'Cluster') });
const clusterAssetsQuery = pageQuery.omit({ sort: true });
const detailsReaders: Permission[] = ['viewOrganizationAssignedAsset', 'viewTechAssignedAsset'];

export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The owner: give assets and clusters to a provider, take them back, see what is out.
  app.post(
    '/asset/assign',
    {
      schema: {
        tags,
        summary: 'Give assets and clusters to a provider',
        operationId: 'assignToProvider',
        body: assignSchema,
        response: { 200: dataOf(assignResultSchema), 409: apiErrorSchema },
      },
      config: { access: { permission: 'manageAsset' } },
    },
    async (request) => ({
      data: await assignment.assign(app.deps, principalOf(request), request.body),
    }),
  );

  app.post(
    '/asset/unassign',
    {
      schema: {
        tags,
        summary: 'Take assets and clusters back from their provider',
        operationId: 'unassignFromProvider',
        body: unassignSchema,
        response: { 200: dataOf(assignResultSchema), 409: apiErrorSchema },
      },
      config: { access: { permission: 'manageAsset' } },
    },
    async (request) => ({ data: await assignment.unassign(app.deps, principalOf(request), request.body) }),
  );

  app.get(
    '/asset/assign',
    {
      schema: {
        tags,
        summary: "The owner's live assignments",
        operationId: 'listOwnerAssignments',
        querystring: ownerAssignmentQuery,
        response: { 200: pageOf(ownerAssignmentSchema) },
      },
      config: { access: { permission: ['manageAsset', 'viewAsset'] } },
    },
    (request) => assignment.listForOwner(app.deps.db, principalOf(request), request.query),
  );

  // The provider: what its organisation holds, and dispatching it to its technicians.
  app.get(
    '/asset/assigned',
    {
      schema: {
        tags,
        summary: "What the provider's organisation holds",
        operationId: 'listProviderAssignments',
        querystring: assignedQuery,
        response: { 200: pageOf(assignedItemSchema) },
      },
      config: { access: { permission: 'viewOrganizationAssignedAsset' } },
    },
    (request) => assignment.listForProvider(app.deps.db, principalOf(request), request.query),
  );

  // Details: the provider's dispatchers see all it holds, its technicians what is assigned to them.
  app.get(
    '/asset/assigned-asset/details/:id',
    {
      schema: {
        tags,
        summary: 'An assigned asset with its owner and technicians',
        operationId: 'getAssignedAsset',
        params: byAssetId,
        response: { 200: dataOf(assignedAssetDetailsSchema) },
      },
      config: { access: { permission: detailsReaders } },
    },
    async (request) => ({ data: await assignment.assignedAssetDetails(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.get(
    '/asset/assigned-cluster/details/:id',
    {
      schema: {
        tags,
        summary: 'An assigned cluster with a page of its assets, its owner and technicians',
        operationId: 'getAssignedCluster',
        params: byClusterId,
        querystring: clusterAssetsQuery,
        response: { 200: assignedClusterDetailsAnswer },
      },
      config: { access: { permission: detailsReaders } },
    },
    (request) => assignment.assignedClusterDetails(app.deps.db, principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/asset/technician/asset/assign/:_id',
    {
      schema: {
        tags,
        summary: 'Dispatch an asset to a technician',
        operationId: 'dispatchAsset',
        params: assetParam,
        body: technicianAssignSchema,
        response: { 201: dataOf(technicianAssignmentSchema), 409: apiErrorSchema },
      },
      config: { access: { permission: 'viewOrganizationAssignedAsset' } },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await assignment.assignTechnician(app.deps, principalOf(request), 'asset', request.params._id, request.body) };
    },
  );

  app.post(
    '/asset/technician/cluster/assign/:_id',
    {
      schema: {
        tags,
        summary: 'Dispatch a cluster to a technician',
        operationId: 'dispatchCluster',
        params: clusterParam,
        body: technicianAssignSchema,
        response: { 201: dataOf(technicianAssignmentSchema), 409: apiErrorSchema },
      },
      config: { access: { permission: 'viewOrganizationAssignedAsset' } },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await assignment.assignTechnician(app.deps, principalOf(request), 'cluster', request.params._id, request.body) };
    },
  );

  // The technician: only what was given to them.
  app.get(
    '/asset/technician/assigned',
    {
      schema: {
        tags,
        summary: 'What is dispatched to the signed-in technician',
        operationId: 'listTechnicianAssignments',
        querystring: assignedQuery,
        response: { 200: pageOf(assignedItemSchema) },
      },
      config: { access: { permission: 'viewTechAssignedAsset' } },
    },
    (request) => assignment.listForTechnician(app.deps.db, principalOf(request), request.query),
  );
};
