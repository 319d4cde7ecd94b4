import { idField } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import {
  assignListQuery,
  profileUpdateSchema,
  serviceProviderQuery,
  userCreateSchema,
  userEditSchema,
  userListQuery,
} from '@amp/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as user from './user.service.js';

const tags = ['user'];
const userId = idField(formatMessage, 'User');
const byId = z.object({ id: userId });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/user', { schema: { tags, querystring: userListQuery }, config: { access: { permission: 'manageUser' } } }, (request) =>
    user.list(app.deps.db, principalOf(request), request.query),
  );

  app.post(
    '/user/create/:userId',
    { schema: { tags, params: z.object({ userId }), body: userCreateSchema }, config: { access: { permission: 'createUser' } } },
    async (request, reply) => {
      const created = await user.create(app.deps, principalOf(request), request.params.userId, request.body);
      reply.status(201);
      return { data: created };
    },
  );

  app.put(
    '/user/edit/:_id',
    { schema: { tags, params: z.object({ _id: userId }), body: userEditSchema }, config: { access: { permission: 'manageUser' } } },
    async (request) => ({ data: await user.edit(app.deps, principalOf(request), request.params._id, request.body) }),
  );

  app.post(
    '/user/deactivate/:id',
    { schema: { tags, params: byId }, config: { access: { permission: 'manageUser' } } },
    async (request) => ({ data: await user.setActive(app.deps, principalOf(request), request.params.id, false) }),
  );

  app.post(
    '/user/reactivate/:id',
    { schema: { tags, params: byId }, config: { access: { permission: 'manageUser' } } },
    async (request) => ({ data: await user.setActive(app.deps, principalOf(request), request.params.id, true) }),
  );

  app.get('/user/profile/:id', { schema: { tags, params: byId }, config: { access: 'signedIn' } }, async (request) => ({
    data: await user.profile(app.deps.db, principalOf(request), request.params.id, false),
  }));

  app.get('/user/data/:id', { schema: { tags, params: byId }, config: { access: { permission: 'manageUser' } } }, async (request) => ({
    data: await user.profile(app.deps.db, principalOf(request), request.params.id, true),
  }));

  app.put(
    '/user/update/:id',
    { schema: { tags, params: byId, body: profileUpdateSchema }, config: { access: 'signedIn' } },
    async (request) => ({ data: await user.updateProfile(app.deps, principalOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/user/assign/list',
    {
      schema: { tags, querystring: assignListQuery },
      config: { access: { permission: ['manageUser', 'viewIncomingSR', 'viewIncomingWO', 'viewOrganizationAssignedAsset'] } },
    },
    (request) => user.assignList(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/user/service-provider',
    {
      schema: { tags, querystring: serviceProviderQuery },
      config: { access: { permission: ['manageAsset', 'viewAsset', 'viewSR', 'manageWO'] } },
    },
    (request) => user.serviceProviders(app.deps.db, request.query),
  );
};
