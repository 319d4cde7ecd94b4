import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories } from '../../db/schema/category.js';

/** Every category and sub-category, parents first; the tree is small (a platform-wide catalogue). */
export async function listAllCategories(db: Db) {
  return db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .orderBy(sql`lower(${categories.name})`, categories.id);
}

/** The categories and sub-categories among the ids (unknown ids are left out). */
export async function findCategories(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(inArray(categories.id, ids));
}

export async function findTopCategory(db: Db, id: string) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.id, id), isNull(categories.parentId)))
    .limit(1);
  return row;
}

/** True when a sibling (same parent, or top level when `parentId` is null) has this name, case-insensitive. */
export async function categoryNameTaken(db: Db, parentId: string | null, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
        sql`lower(${categories.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertCategories(db: Db, values: { name: string; parentId: string | null; createdBy: string }[]) {
  return db.insert(categories).values(values).returning({ id: categories.id, name: categories.name });
}

/** A sub-category (the first by name) with its category's name, or a top-level category alone (an asset import's example row). */
export async function exampleSubCategory(db: Db): Promise<{ category: string | null; subCategory: string | null }> {
  const parents = sql`(select ${categories.id} from ${categories} where ${categories.parentId} is null)`;
  const [sub] = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(sql`${categories.parentId} in ${parents}`)
    .orderBy(asc(categories.name))
    .limit(1);
  const [category] = sub
    ? await db.select({ name: categories.name }).from(categories).where(eq(categories.id, sub.parentId!)).limit(1)
    : await db.select({ name: categories.name }).from(categories).where(isNull(categories.parentId)).orderBy(asc(categories.name)).limit(1);
  return { category: category?.name ?? null, subCategory: sub?.name ?? null };
}
