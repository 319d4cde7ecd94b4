import { registerSchema } from '@amp/contracts/account';
import { apiErrorSchema, dataOf, idField, messageAnswer, pageOf } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import { registrationDecisionSchema, registrationListQuery, registrationSchema } from '@amp/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as registration from './registration.service.js';

const tags = ['registration'];

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/register',
    {
      schema: {
        tags,
        summary: 'Register an organisation and its first user (approved by a super admin)',
        operationId: 'register',
        body: registerSchema,
        response: { 201: messageAnswer, 409: apiErrorSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      await registration.register(app.deps, request.body, request.ip);
      reply.status(201);
      return { data: { message: formatMessage('REGISTER.SUCCESS') } };
    },
  );

  app.get(
    '/user/registrations',
    {
      schema: {
        tags,
        summary: 'Registrations by status',
        operationId: 'listRegistrations',
        querystring: registrationListQuery,
        response: { 200: pageOf(registrationSchema) },
      },
      config: { access: { permission: 'manageUserRegistration' } },
    },
    (request) => registration.listPage(app.deps.db, request.query),
  );

  app.post(
    '/user/registrations/:id/decision',
    {
      schema: {
        tags,
        summary: 'Approve or reject a registration',
        operationId: 'decideRegistration',
        params: z.object({ id: idField(formatMessage, 'Registration') }),
        body: registrationDecisionSchema,
        response: { 200: dataOf(registrationSchema), 409: apiErrorSchema },
      },
      config: { access: { permission: 'manageUserRegistration' } },
    },
    async (request) => ({ data: await registration.decide(app.deps, principalOf(request), request.params.id, request.body) }),
  );
};
