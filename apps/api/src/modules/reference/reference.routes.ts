import { referenceOperations as op } from '@amp/contracts/operations/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { listStatesWithLgas } from './reference.repository.js';

/** The routes of packages/contracts/src/operations/reference.ts: each one's handler. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.states, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=86400');
    return { data: await listStatesWithLgas(app.deps.db) };
  });
  operationRoute(app, op.publicConfig, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return { data: { publicUrl: app.deps.config.PUBLIC_URL } };
  });
};
