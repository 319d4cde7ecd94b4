import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The score card calls (filled in by the score card module). */
export const scoreCardRoutes: FastifyPluginAsyncZod = async () => {};
