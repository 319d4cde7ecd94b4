import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const userRoutes: FastifyPluginAsyncZod = async (_app) => {};
