import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const registrationRoutes: FastifyPluginAsyncZod = async (_app) => {};
