import { dataOf, idField, listOf } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import { categoryCreateSchema, categorySchema, MAX_CATEGORIES, subCategoryCreateSchema, subCategorySchema } from '@amp/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as category from './category.service.js';

const tags = ['category'];

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the registration form lists categories before anyone has signed in.
  app.get(
    '/category',
    {
      schema: {
        tags,
        summary: 'All categories with their sub-categories, by name',
        operationId: 'listCategories',
        response: { 200: listOf(categorySchema, MAX_CATEGORIES) },
      },
      config: { access: 'public' },
    },
    async () => ({ data: await category.listCategories(app.deps.db) }),
  );

  app.post(
    '/category/create',
    {
      schema: {
        tags,
        summary: 'Create a category with its first sub-categories',
        operationId: 'createCategory',
        body: categoryCreateSchema,
        response: { 201: dataOf(categorySchema) },
      },
      config: { access: { permission: 'createCategory' } },
    },
    async (request, reply) => {
      const created = await category.createCategory(app.deps, principalOf(request), request.body);
      reply.status(201);
      return { data: created };
    },
  );

  app.post(
    '/category/:id/sub-category',
    {
      schema: {
        tags,
        summary: 'Add a sub-category',
        operationId: 'createSubCategory',
        params: z.object({ id: idField(formatMessage, 'Category') }),
        body: subCategoryCreateSchema,
        response: { 201: dataOf(subCategorySchema) },
      },
      config: { access: { permission: 'createCategory' } },
    },
    async (request, reply) => {
      const created = await category.createSubCategory(app.deps, principalOf(request), request.params.id, request.body);
      reply.status(201);
      return { data: created };
    },
  );
};
