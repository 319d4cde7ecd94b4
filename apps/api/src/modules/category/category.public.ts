import { QueryBuilder } from 'drizzle-orm/pg-core';
import { categories } from '../../db/schema/category.js';

/** What other modules may use of categories: the categories and sub-categories among some ids, the whole tree, and an example sub-category (asset import). */
export { exampleSubCategory, findCategories, listAllCategories } from './category.repository.js';

/** Categories' ids and names as a subquery to join, named `name` (planned like a join of the table: decision 0033 "Where a list joins"). */
export const categoryNamesAs = <Name extends string>(name: Name) =>
  new QueryBuilder().select({ id: categories.id, name: categories.name }).from(categories).as(name);
