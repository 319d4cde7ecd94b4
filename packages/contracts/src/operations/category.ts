import { z } from 'zod';
import { dataOf, listOf, recordId } from '../fields.js';
import { categoryCreateSchema, categorySchema, MAX_CATEGORIES, subCategoryCreateSchema, subCategorySchema } from '../user.js';
import { operation } from './operation.js';

const tags = ['category'];

/** The categories of assets and services, with their sub-categories. */
export const categoryOperations = {
  /** Public: the registration form lists categories before anyone has signed in. */
  list: operation({
    method: 'GET',
    path: '/v2/category',
    tags,
    summary: 'All categories with their sub-categories, by name',
    operationId: 'listCategories',
    access: 'public',
    response: { 200: listOf(categorySchema, MAX_CATEGORIES) },
  }),
  create: operation({
    method: 'POST',
    path: '/v2/category/create',
    tags,
    summary: 'Create a category with its first sub-categories',
    operationId: 'createCategory',
    access: { permission: 'createCategory' },
    body: categoryCreateSchema,
    response: { 201: dataOf(categorySchema) },
  }),
  addSubCategory: operation({
    method: 'POST',
    path: '/v2/category/:id/sub-category',
    tags,
    summary: 'Add a sub-category',
    operationId: 'createSubCategory',
    access: { permission: 'createCategory' },
    params: z.object({ id: recordId('Category', 'category') }),
    body: subCategoryCreateSchema,
    response: { 201: dataOf(subCategorySchema) },
  }),
};
