import { formatMessage } from '@amp/contracts/messages';
import { registrationOperations as op } from '@amp/contracts/operations/registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as registration from './registration.service.js';

/** The routes of packages/contracts/src/operations/registration.ts: each one's handler. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.register, async (request, reply) => {
    await registration.register(app.deps, request.body, request.ip);
    reply.status(201);
    return { data: { message: formatMessage('REGISTER.SUCCESS') } };
  });
  operationRoute(app, op.list, (request) => registration.listPage(app.deps.db, request.query));
  operationRoute(app, op.decide, async (request) => ({
    data: await registration.decide(app.deps, principalOf(request), request.params.id, request.body),
  }));
};
