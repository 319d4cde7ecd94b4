import type { Category, NamedRef } from '@amp/contracts/user';
import type { Deps } from '../../app.js';
import type { Db } from '../../db/client.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/list-query.js';
import type { Principal } from '../../plugins/auth.js';
import { recordActivity } from '../activity/activity.repository.js';
import { categoryNameTaken, findTopCategory, insertCategories, listAllCategories } from './category.repository.js';

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await listAllCategories(db);
  const tree = new Map<string, Category>();
  for (const row of rows) if (row.parentId === null) tree.set(row.id, { _id: row.id, name: row.name, subCategories: [] });
  for (const row of rows) if (row.parentId !== null) tree.get(row.parentId)?.subCategories.push({ _id: row.id, name: row.name });
  return [...tree.values()];
}

const categoryTaken = () => invalidField('name', 'VALIDATION.NAME_TAKEN', { field: 'category' });
const subCategoryTaken = (path: string) => invalidField(path, 'VALIDATION.NAME_TAKEN', { field: 'sub-category' });

/** A category with its first sub-categories, in one transaction. */
export async function createCategory(
  deps: Deps,
  principal: Principal,
  input: { name: string; subCategories: string[] },
): Promise<Category> {
  const seen = new Set<string>();
  input.subCategories.forEach((name, index) => {
    if (seen.has(name.toLowerCase())) throw subCategoryTaken(`subCategories.${index}`);
    seen.add(name.toLowerCase());
  });
  if (await categoryNameTaken(deps.db, null, input.name)) throw categoryTaken();
  return deps.db
    .transaction(async (tx) => {
      const [parent] = await insertCategories(tx, [{ name: input.name, parentId: null, createdBy: principal.userId }]);
      const children =
        input.subCategories.length > 0
          ? await insertCategories(
              tx,
              input.subCategories.map((name) => ({ name, parentId: parent!.id, createdBy: principal.userId })),
            )
          : [];
      await recordActivity(tx, {
        organisationId: principal.organisationId,
        userId: principal.userId,
        action: 'category.created',
        description: `Created the category ${input.name}`,
        subjectType: 'category',
        subjectId: parent!.id,
      });
      return { _id: parent!.id, name: parent!.name, subCategories: children.map((c) => ({ _id: c.id, name: c.name })) };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? categoryTaken() : error;
    });
}

export async function createSubCategory(
  deps: Deps,
  principal: Principal,
  categoryId: string,
  input: { name: string },
): Promise<NamedRef & { categoryId: string }> {
  const parent = await findTopCategory(deps.db, categoryId);
  if (!parent) throw notFound('category');
  if (await categoryNameTaken(deps.db, categoryId, input.name)) throw subCategoryTaken('name');
  return deps.db
    .transaction(async (tx) => {
      const [child] = await insertCategories(tx, [{ name: input.name, parentId: categoryId, createdBy: principal.userId }]);
      await recordActivity(tx, {
        organisationId: principal.organisationId,
        userId: principal.userId,
        action: 'category.sub_category_created',
        description: `Added the sub-category ${input.name} to ${parent.name}`,
        subjectType: 'category',
        subjectId: child!.id,
      });
      return { _id: child!.id, name: child!.name, categoryId };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? subCategoryTaken('name') : error;
    });
}
