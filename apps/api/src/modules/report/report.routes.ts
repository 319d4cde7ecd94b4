import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The report calls (filled in by the report module). */
export const reportRoutes: FastifyPluginAsyncZod = async () => {};
