import { idField } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import { roleCreateSchema, roleListQuery, rolePermissionSchema } from '@amp/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as role from './role.service.js';

const tags = ['role'];
const roleParams = z.object({ id: idField(formatMessage, 'Role') });

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/role/create',
    { schema: { tags, body: roleCreateSchema }, config: { access: { permission: 'viewUserRoles' } } },
    async (request, reply) => {
      reply.status(201);
      return { data: await role.createRole(app.deps, principalOf(request), request.body) };
    },
  );

  app.get(
    '/role/createdBy',
    { schema: { tags, querystring: roleListQuery }, config: { access: { permission: 'viewUserRoles' } } },
    (request) => role.listRoles(app.deps.db, principalOf(request), request.query),
  );

  app.get('/role/assign', { schema: { tags }, config: { access: { permission: ['createUser', 'manageUser'] } } }, async (request) => ({
    data: await role.assignableRoles(app.deps.db, principalOf(request)),
  }));

  app.get(
    '/role/permission/:id',
    { schema: { tags, params: roleParams }, config: { access: { permission: 'viewUserRoles' } } },
    async (request) => ({ data: await role.getRole(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.post(
    '/role/permission/:id',
    { schema: { tags, params: roleParams, body: rolePermissionSchema }, config: { access: { permission: 'viewUserRoles' } } },
    async (request) => ({ data: await role.setRolePermissions(app.deps, principalOf(request), request.params.id, request.body) }),
  );
};
