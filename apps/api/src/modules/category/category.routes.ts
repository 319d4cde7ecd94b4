import { categoryOperations as op } from '@amp/contracts/operations/category';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as category from './category.service.js';

/** The routes of packages/contracts/src/operations/category.ts: each one's handler. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.list, async () => ({ data: await category.listCategories(app.deps.db) }));
  operationRoute(app, op.create, async (request, reply) => {
    const created = await category.createCategory(app.deps, principalOf(request), request.body);
    reply.status(201);
    return { data: created };
  });
  operationRoute(app, op.addSubCategory, async (request, reply) => {
    const created = await category.createSubCategory(app.deps, principalOf(request), request.params.id, request.body);
    reply.status(201);
    return { data: created };
  });
};
