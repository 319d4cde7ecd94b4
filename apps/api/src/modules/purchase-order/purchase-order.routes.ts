import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The purchase order routes (issue 11). */
export const purchaseOrderRoutes: FastifyPluginAsyncZod = async (_app) => {};
