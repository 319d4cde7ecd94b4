import { healthOperations as op } from '@amp/contracts/operations/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { HEALTH_CACHE_MS, HealthCheck } from './health.service.js';

/**
 * The routes of packages/contracts/src/operations/health.ts. Always 200 while this process
 * answers: a part that is down is reported in the body (`status: down` when the database is),
 * so a monitor reads `data.status`; a 5xx here is a bug, not an outage report.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const health = new HealthCheck(() => app.deps.db, app.log);

  operationRoute(app, op.health, async (_request, reply) => {
    // Shared caches may reuse it as long as this process does.
    reply.header('Cache-Control', `public, max-age=${HEALTH_CACHE_MS / 1000}`);
    return { data: await health.current() };
  });
};
