import { dataOf } from '@amp/contracts/fields';
import { publicConfigSchema, statesAnswer } from '@amp/contracts/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listStatesWithLgas } from './reference.repository.js';

const tags = ['reference'];

/** Reference data every form needs, public for the registration and fault forms. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/states',
    {
      schema: { tags, summary: 'The states with their LGAs', operationId: 'listStates', response: { 200: statesAnswer } },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      return { data: await listStatesWithLgas(app.deps.db) };
    },
  );

  // The address the web app is reached at, for links that leave the screen (QR labels open the fault portal).
  app.get(
    '/config/public',
    {
      schema: {
        tags,
        summary: 'Public configuration: the address of the web app',
        operationId: 'getPublicConfig',
        response: { 200: dataOf(publicConfigSchema) },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return { data: { publicUrl: app.deps.config.PUBLIC_URL } };
    },
  );
};
