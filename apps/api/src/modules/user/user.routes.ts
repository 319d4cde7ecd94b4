import { apiErrorSchema, dataOf, idField, pageOf } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import {
  assignableUserSchema,
  assignListQuery,
  profileUpdateSchema,
  serviceProviderQuery,
  serviceProviderSchema,
  userCreateSchema,
  userEditSchema,
  userListQuery,
  userProfileSchema,
  userSummarySchema,
} from '@amp/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as user from './user.service.js';

const tags = ['user'];
const userId = idField(formatMessage, 'User');
const byId = z.object({ id: userId });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      schema: {
        tags,
        summary: "The organisation's users",
        operationId: 'listUsers',
        querystring: userListQuery,
        response: { 200: pageOf(userSummarySchema) },
      },
      config: { access: { permission: 'manageUser' } },
    },
    (request) => user.list(app.deps.db, principalOf(request), request.query),
  );

  app.post(
    '/user/create/:userId',
    {
      schema: {
        tags,
        summary: 'Add a user to the organisation (mailed a link to set a password); `userId` is the caller',
        operationId: 'createUser',
        params: z.object({ userId }),
        body: userCreateSchema,
        response: { 201: dataOf(userSummarySchema) },
      },
      config: { access: { permission: 'createUser' } },
    },
    async (request, reply) => {
      const created = await user.create(app.deps, principalOf(request), request.params.userId, request.body);
      reply.status(201);
      return { data: created };
    },
  );

  app.put(
    '/user/edit/:_id',
    {
      schema: {
        tags,
        summary: 'Edit a user',
        operationId: 'editUser',
        params: z.object({ _id: userId }),
        body: userEditSchema,
        response: { 200: dataOf(userSummarySchema) },
      },
      config: { access: { permission: 'manageUser' } },
    },
    async (request) => ({ data: await user.edit(app.deps, principalOf(request), request.params._id, request.body) }),
  );

  app.post(
    '/user/deactivate/:id',
    {
      schema: {
        tags,
        summary: 'Deactivate a user (ends their sessions)',
        operationId: 'deactivateUser',
        params: byId,
        response: { 200: dataOf(userSummarySchema), 409: apiErrorSchema },
      },
      config: { access: { permission: 'manageUser' } },
    },
    async (request) => ({ data: await user.setActive(app.deps, principalOf(request), request.params.id, false) }),
  );

  app.post(
    '/user/reactivate/:id',
    {
      schema: {
        tags,
        summary: 'Reactivate a user',
        operationId: 'reactivateUser',
        params: byId,
        response: { 200: dataOf(userSummarySchema), 409: apiErrorSchema },
      },
      config: { access: { permission: 'manageUser' } },
    },
    async (request) => ({ data: await user.setActive(app.deps, principalOf(request), request.params.id, true) }),
  );

  app.get(
    '/user/profile/:id',
    {
      schema: {
        tags,
        summary: "A user's profile (one's own, or with manageUser a colleague's)",
        operationId: 'getProfile',
        params: byId,
        response: { 200: dataOf(userProfileSchema) },
      },
      config: { access: 'signedIn' },
    },
    async (request) => ({ data: await user.profile(app.deps.db, principalOf(request), request.params.id, false) }),
  );

  app.get(
    '/user/data/:id',
    {
      schema: {
        tags,
        summary: 'A user of the organisation',
        operationId: 'getUser',
        params: byId,
        response: { 200: dataOf(userProfileSchema) },
      },
      config: { access: { permission: 'manageUser' } },
    },
    async (request) => ({ data: await user.profile(app.deps.db, principalOf(request), request.params.id, true) }),
  );

  app.put(
    '/user/update/:id',
    {
      schema: {
        tags,
        summary: "Update one's own profile",
        operationId: 'updateProfile',
        params: byId,
        body: profileUpdateSchema,
        response: { 200: dataOf(userProfileSchema) },
      },
      config: { access: 'signedIn' },
    },
    async (request) => ({ data: await user.updateProfile(app.deps, principalOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/user/assign/list',
    {
      schema: {
        tags,
        summary: "The organisation's active staff, to assign work to",
        operationId: 'listAssignableUsers',
        querystring: assignListQuery,
        response: { 200: pageOf(assignableUserSchema) },
      },
      config: { access: { permission: ['manageUser', 'viewIncomingSR', 'viewIncomingWO', 'viewOrganizationAssignedAsset'] } },
    },
    (request) => user.assignList(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/user/service-provider',
    {
      schema: {
        tags,
        summary: 'Active provider organisations (MRO, IMO, external technicians)',
        operationId: 'listServiceProviders',
        querystring: serviceProviderQuery,
        response: { 200: pageOf(serviceProviderSchema) },
      },
      config: { access: { permission: ['manageAsset', 'viewAsset', 'viewSR', 'manageWO'] } },
    },
    (request) => user.serviceProviders(app.deps.db, request.query),
  );
};
