import { z } from 'zod';
import { apiErrorSchema, dataOf, pageOf, recordId } from '../fields.js';
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
} from '../user.js';
import type { PermissionAccess } from './access-rule.js';
import { operation } from './operation.js';

const tags = ['user'];
const userId = recordId('User', 'user');
const byId = z.object({ id: userId });
/** The organisation's users are its admin's menu entry. */
const MANAGES: PermissionAccess = { permission: 'manageUser' };

/** An organisation's users, one's own profile, and the people and providers work goes to. */
export const userOperations = {
  list: operation({
    method: 'GET',
    path: '/v2/user',
    tags,
    summary: "The organisation's users",
    operationId: 'listUsers',
    access: MANAGES,
    query: userListQuery,
    response: { 200: pageOf(userSummarySchema) },
  }),
  create: operation({
    method: 'POST',
    path: '/v2/user/create/:userId',
    tags,
    summary: 'Add a user to the organisation (mailed a link to set a password); `userId` is the caller',
    operationId: 'createUser',
    access: { permission: 'createUser' },
    params: z.object({ userId }),
    body: userCreateSchema,
    response: { 201: dataOf(userSummarySchema) },
  }),
  edit: operation({
    method: 'PUT',
    path: '/v2/user/edit/:_id',
    tags,
    summary: 'Edit a user',
    operationId: 'editUser',
    access: MANAGES,
    params: z.object({ _id: userId }),
    body: userEditSchema,
    response: { 200: dataOf(userSummarySchema) },
  }),
  deactivate: operation({
    method: 'POST',
    path: '/v2/user/deactivate/:id',
    tags,
    summary: 'Deactivate a user (ends their sessions)',
    operationId: 'deactivateUser',
    access: MANAGES,
    params: byId,
    response: { 200: dataOf(userSummarySchema), 409: apiErrorSchema },
  }),
  reactivate: operation({
    method: 'POST',
    path: '/v2/user/reactivate/:id',
    tags,
    summary: 'Reactivate a user',
    operationId: 'reactivateUser',
    access: MANAGES,
    params: byId,
    response: { 200: dataOf(userSummarySchema), 409: apiErrorSchema },
  }),
  profile: operation({
    method: 'GET',
    path: '/v2/user/profile/:id',
    tags,
    summary: "A user's profile (one's own, or with manageUser a colleague's)",
    operationId: 'getProfile',
    access: 'signedIn',
    params: byId,
    response: { 200: dataOf(userProfileSchema) },
  }),
  detail: operation({
    method: 'GET',
    path: '/v2/user/data/:id',
    tags,
    summary: 'A user of the organisation',
    operationId: 'getUser',
    access: MANAGES,
    params: byId,
    response: { 200: dataOf(userProfileSchema) },
  }),
  updateProfile: operation({
    method: 'PUT',
    path: '/v2/user/update/:id',
    tags,
    summary: "Update one's own profile",
    operationId: 'updateProfile',
    access: 'signedIn',
    params: byId,
    body: profileUpdateSchema,
    response: { 200: dataOf(userProfileSchema) },
  }),
  assignable: operation({
    method: 'GET',
    path: '/v2/user/assign/list',
    tags,
    summary: "The organisation's active staff, to assign work to",
    operationId: 'listAssignableUsers',
    access: { permission: ['manageUser', 'viewIncomingSR', 'viewIncomingWO', 'viewOrganizationAssignedAsset'] },
    query: assignListQuery,
    response: { 200: pageOf(assignableUserSchema) },
  }),
  serviceProviders: operation({
    method: 'GET',
    path: '/v2/user/service-provider',
    tags,
    summary: 'Active provider organisations (MRO, IMO, external technicians)',
    operationId: 'listServiceProviders',
    access: { permission: ['manageAsset', 'viewAsset', 'viewSR', 'manageWO'] },
    query: serviceProviderQuery,
    response: { 200: pageOf(serviceProviderSchema) },
  }),
};
