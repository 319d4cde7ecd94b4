import type { Category, NamedRef } from '@amp/contracts/user';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
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
  return write(
    deps,
    principal,
    async (tx, fx) => {
      const [parent] = await insertCategories(tx, [{ name: input.name, parentId: null, createdBy: principal.userId }]);
      const children =
        input.subCategories.length > 0
          ? await insertCategories(
              tx,
              input.subCategories.map((name) => ({ name, parentId: parent!.id, createdBy: principal.userId })),
            )
          : [];
      fx.activity({ action: 'category.created', params: { name: input.name }, subject: { type: 'category', id: parent!.id } });
      return { _id: parent!.id, name: parent!.name, subCategories: children.map((c) => ({ _id: c.id, name: c.name })) };
    },
    { onUniqueViolation: categoryTaken },
  );
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
  return write(
    deps,
    principal,
    async (tx, fx) => {
      const [child] = await insertCategories(tx, [{ name: input.name, parentId: categoryId, createdBy: principal.userId }]);
      fx.activity({
        action: 'category.sub_category_created',
        params: { name: input.name, parent: parent.name },
        subject: { type: 'category', id: child!.id },
      });
      return { _id: child!.id, name: child!.name, categoryId };
    },
    { onUniqueViolation: () => subCategoryTaken('name') },
  );
}
