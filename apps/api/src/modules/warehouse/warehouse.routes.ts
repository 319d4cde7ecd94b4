import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The warehouse routes (issue 11). */
export const warehouseRoutes: FastifyPluginAsyncZod = async (_app) => {};
