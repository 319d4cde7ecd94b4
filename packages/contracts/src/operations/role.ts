import { z } from 'zod';
import { dataOf, listOf, pageOf, recordId } from '../fields.js';
import { assignableRoleSchema, MAX_ASSIGNABLE_ROLES, roleCreateSchema, roleListQuery, rolePermissionSchema, roleSchema } from '../user.js';
import type { PermissionAccess } from './access-rule.js';
import { operation } from './operation.js';

const tags = ['role'];
const roleParams = z.object({ id: recordId('Role', 'role') });
/** The organisation's custom roles are its admin's menu entry. */
const MANAGES: PermissionAccess = { permission: 'viewUserRoles' };

/** An organisation's custom roles, and the roles a user may be given. */
export const roleOperations = {
  create: operation({
    method: 'POST',
    path: '/v2/role/create',
    tags,
    summary: 'Create a custom role',
    operationId: 'createRole',
    access: MANAGES,
    body: roleCreateSchema,
    response: { 201: dataOf(roleSchema) },
  }),
  list: operation({
    method: 'GET',
    path: '/v2/role/createdBy',
    tags,
    summary: "The organisation's custom roles",
    operationId: 'listRoles',
    access: MANAGES,
    query: roleListQuery,
    response: { 200: pageOf(roleSchema) },
  }),
  assignable: operation({
    method: 'GET',
    path: '/v2/role/assign',
    tags,
    summary: 'The roles the caller may give to a user',
    operationId: 'listAssignableRoles',
    access: { permission: ['createUser', 'manageUser'] },
    response: { 200: listOf(assignableRoleSchema, MAX_ASSIGNABLE_ROLES) },
  }),
  detail: operation({
    method: 'GET',
    path: '/v2/role/permission/:id',
    tags,
    summary: 'A role with its permissions',
    operationId: 'getRole',
    access: MANAGES,
    params: roleParams,
    response: { 200: dataOf(roleSchema) },
  }),
  setPermissions: operation({
    method: 'POST',
    path: '/v2/role/permission/:id',
    tags,
    summary: "Replace a custom role's permissions",
    operationId: 'setRolePermissions',
    access: MANAGES,
    params: roleParams,
    body: rolePermissionSchema,
    response: { 200: dataOf(roleSchema) },
  }),
};
