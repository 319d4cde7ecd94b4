import { z } from 'zod';
import { registerSchema } from '../account.js';
import { apiErrorSchema, dataOf, messageAnswer, pageOf, recordId } from '../fields.js';
import { registrationDecisionSchema, registrationListQuery, registrationSchema } from '../user.js';
import type { PermissionAccess } from './access-rule.js';
import { operation } from './operation.js';

const tags = ['registration'];
/** A super admin's menu entry. */
const DECIDES: PermissionAccess = { permission: 'manageUserRegistration' };

/** An organisation registering itself, and the super admin's decision on it. */
export const registrationOperations = {
  register: operation({
    method: 'POST',
    path: '/v2/user/register',
    tags,
    summary: 'Register an organisation and its first user (approved by a super admin)',
    operationId: 'register',
    access: 'public',
    body: registerSchema,
    response: { 201: messageAnswer, 409: apiErrorSchema },
  }),
  list: operation({
    method: 'GET',
    path: '/v2/user/registrations',
    tags,
    summary: 'Registrations by status',
    operationId: 'listRegistrations',
    access: DECIDES,
    query: registrationListQuery,
    response: { 200: pageOf(registrationSchema) },
  }),
  decide: operation({
    method: 'POST',
    path: '/v2/user/registrations/:id/decision',
    tags,
    summary: 'Approve or reject a registration',
    operationId: 'decideRegistration',
    access: DECIDES,
    params: z.object({ id: recordId('Registration', 'registration') }),
    body: registrationDecisionSchema,
    response: { 200: dataOf(registrationSchema), 409: apiErrorSchema },
  }),
};
