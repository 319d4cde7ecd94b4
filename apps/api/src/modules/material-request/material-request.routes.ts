import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The material request routes (issue 11). */
export const materialRequestRoutes: FastifyPluginAsyncZod = async (_app) => {};
