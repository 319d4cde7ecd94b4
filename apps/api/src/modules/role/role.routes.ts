import { roleOperations as op } from '@amp/contracts/operations/role';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as role from './role.service.js';

/** The routes of packages/contracts/src/operations/role.ts: each one's handler. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.create, async (request, reply) => {
    reply.status(201);
    return { data: await role.createRole(app.deps, principalOf(request), request.body) };
  });
  operationRoute(app, op.list, (request) => role.listRoles(app.deps.db, principalOf(request), request.query));
  operationRoute(app, op.assignable, async (request) => ({ data: await role.assignableRoles(app.deps.db, principalOf(request)) }));
  operationRoute(app, op.detail, async (request) => ({ data: await role.getRole(app.deps.db, principalOf(request), request.params.id) }));
  operationRoute(app, op.setPermissions, async (request) => ({
    data: await role.setRolePermissions(app.deps, principalOf(request), request.params.id, request.body),
  }));
};
