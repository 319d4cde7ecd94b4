import { userOperations as op } from '@amp/contracts/operations/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as user from './user.service.js';

/** The routes of packages/contracts/src/operations/user.ts: each one's handler. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.list, (request) => user.list(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.create, async (request, reply) => {
    const created = await user.create(app.deps, principalOf(request), request.params.userId, request.body);
    reply.status(201);
    return { data: created };
  });
  operationRoute(app, op.edit, async (request) => ({
    data: await user.edit(app.deps, principalOf(request), request.params._id, request.body),
  }));
  operationRoute(app, op.deactivate, async (request) => ({
    data: await user.setActive(app.deps, principalOf(request), request.params.id, false),
  }));
  operationRoute(app, op.reactivate, async (request) => ({
    data: await user.setActive(app.deps, principalOf(request), request.params.id, true),
  }));
  operationRoute(app, op.profile, async (request) => ({
    data: await user.profile(app.deps.db, principalOf(request), request.params.id, false),
  }));
  operationRoute(app, op.detail, async (request) => ({
    data: await user.profile(app.deps.db, principalOf(request), request.params.id, true),
  }));
  operationRoute(app, op.updateProfile, async (request) => ({
    data: await user.updateProfile(app.deps, principalOf(request), request.params.id, request.body),
  }));
  operationRoute(app, op.assignable, (request) => user.assignList(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.serviceProviders, (request) => user.serviceProviders(app.deps.db, request.query));
};
