import { healthAnswer } from '@amp/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH_CACHE_MS, HealthCheck } from './health.service.js';

const tags = ['health'];

/**
 * The platform's health for the public status page and monitors. Always 200 while this process
 * answers: a part that is down is reported in the body (`status: down` when the database is),
 * so a monitor reads `data.status`; a 5xx here is a bug, not an outage report.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const health = new HealthCheck(() => app.deps.db, app.log);

  app.get(
    '/health',
    {
      schema: {
        tags,
        summary: 'The health of the API, the database, the job queue and mail delivery',
        operationId: 'getHealth',
        response: { 200: healthAnswer },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      // Shared caches may reuse it as long as this process does.
      reply.header('Cache-Control', `public, max-age=${HEALTH_CACHE_MS / 1000}`);
      return { data: await health.current() };
    },
  );
};
