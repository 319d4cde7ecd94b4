import { dataOf, idField, listOf, pageOf } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import {
  assignableRoleSchema,
  MAX_ASSIGNABLE_ROLES,
  roleCreateSchema,
  roleListQuery,
  rolePermissionSchema,
  roleSchema,
} from '@amp/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as role from './role.service.js';

const tags = ['role'];
const roleParams = z.object({ id: idField(formatMessage, 'Role') });

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/role/create',
    {
      schema: {
        tags,
        summary: 'Create a custom role',
        operationId: 'createRole',
        body: roleCreateSchema,
        response: { 201: dataOf(roleSchema) },
      },
      config: { access: { permission: 'viewUserRoles' } },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await role.createRole(app.deps, principalOf(request), request.body) };
    },
  );

  app.get(
    '/role/createdBy',
    {
      schema: {
        tags,
        summary: "The organisation's custom roles",
        operationId: 'listRoles',
        querystring: roleListQuery,
        response: { 200: pageOf(roleSchema) },
      },
      config: { access: { permission: 'viewUserRoles' } },
    },
    (request) => role.listRoles(app.deps.db, principalOf(request), request.query),
  );

  app.get(
    '/role/assign',
    {
      schema: {
        tags,
        summary: 'The roles the caller may give to a user',
        operationId: 'listAssignableRoles',
        response: { 200: listOf(assignableRoleSchema, MAX_ASSIGNABLE_ROLES) },
      },
      config: { access: { permission: ['createUser', 'manageUser'] } },
    },
    async (request) => ({ data: await role.assignableRoles(app.deps.db, principalOf(request)) }),
  );

  app.get(
    '/role/permission/:id',
    {
      schema: {
        tags,
        summary: 'A role with its permissions',
        operationId: 'getRole',
        params: roleParams,
        response: { 200: dataOf(roleSchema) },
      },
      config: { access: { permission: 'viewUserRoles' } },
    },
    async (request) => ({ data: await role.getRole(app.deps.db, principalOf(request), request.params.id) }),
  );

  app.post(
    '/role/permission/:id',
    {
      schema: {
        tags,
        summary: "Replace a custom role's permissions",
        operationId: 'setRolePermissions',
        params: roleParams,
        body: rolePermissionSchema,
        response: { 200: dataOf(roleSchema) },
      },
      config: { access: { permission: 'viewUserRoles' } },
    },
    async (request) => ({ data: await role.setRolePermissions(app.deps, principalOf(request), request.params.id, request.body) }),
  );
};
