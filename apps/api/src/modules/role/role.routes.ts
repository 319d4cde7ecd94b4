import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const roleRoutes: FastifyPluginAsyncZod = async (_app) => {};
