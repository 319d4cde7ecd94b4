import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
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
