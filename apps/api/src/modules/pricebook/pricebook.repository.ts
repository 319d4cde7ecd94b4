import type { PricebookListQuery, PricebookSort, PricebookState } from '@amp/contracts/pricebook';
import { type AnyColumn, and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pricebookItems } from '../../db/schema/pricebook.js';
import { containsPattern, orderOf, pageOffset } from '../../lib/list-query.js';
import { organisationNamesAs } from '../registration/registration.public.js';

/** The offering organisations' names (registration.public), joined. */
const organisations = organisationNamesAs('organisations');

const itemColumns = {
  id: pricebookItems.id,
  organisation: { id: organisations.id, name: organisations.name },
  name: pricebookItems.name,
  description: pricebookItems.description,
  brand: pricebookItems.brand,
  model: pricebookItems.model,
  priceKobo: pricebookItems.priceKobo,
  kind: pricebookItems.kind,
  unit: pricebookItems.unit,
  retiredAt: pricebookItems.retiredAt,
  createdAt: pricebookItems.createdAt,
  updatedAt: pricebookItems.updatedAt,
};
export type PricebookItemRow = NonNullable<Awaited<ReturnType<typeof findPricebookItem>>>;

const SORT_COLUMNS: Record<PricebookSort, (AnyColumn | SQL)[]> = {
  name: [sql`lower(${pricebookItems.name})`],
  price: [pricebookItems.priceKobo],
  kind: [pricebookItems.kind, sql`lower(${pricebookItems.name})`],
  createdAt: [pricebookItems.createdAt],
  updatedAt: [pricebookItems.updatedAt],
};

function selectItems(db: Db) {
  return db.select(itemColumns).from(pricebookItems).innerJoin(organisations, eq(organisations.id, pricebookItems.organisationId));
}

/** An item by id if `visibility` (the access module's condition on "pricebook_items") lets the caller see it. */
export async function findPricebookItem(db: Db, visibility: SQL, id: string) {
  const [row] = await selectItems(db)
    .where(and(eq(pricebookItems.id, id), visibility))
    .limit(1);
  return row;
}

/** A page of one organisation's pricebook within `visibility`: offered, retired or all items, by kind and search. */
export async function listPricebookItems(db: Db, visibility: SQL, organisationId: string, query: PricebookListQuery) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    eq(pricebookItems.organisationId, organisationId),
    visibility,
    query.state === 'active'
      ? isNull(pricebookItems.retiredAt)
      : query.state === 'retired'
        ? isNotNull(pricebookItems.retiredAt)
        : undefined,
    query.kind ? eq(pricebookItems.kind, query.kind) : undefined,
    pattern
      ? or(
          ilike(pricebookItems.name, pattern),
          ilike(pricebookItems.description, pattern),
          ilike(pricebookItems.brand, pattern),
          ilike(pricebookItems.model, pattern),
        )
      : undefined,
  );
  const orderBy = query.sort
    ? orderOf(SORT_COLUMNS[query.sort], query.order, pricebookItems.id)
    : [asc(sql`lower(${pricebookItems.name})`), asc(pricebookItems.id)];
  const [rows, [counted]] = await Promise.all([
    selectItems(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db.select({ total: count() }).from(pricebookItems).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** All of one organisation's items in a state, by name (a pricebook holds at most PRICEBOOK_MAX_ITEMS). */
export async function allPricebookItems(db: Db, organisationId: string, state: PricebookState) {
  return selectItems(db)
    .where(
      and(
        eq(pricebookItems.organisationId, organisationId),
        state === 'active' ? isNull(pricebookItems.retiredAt) : state === 'retired' ? isNotNull(pricebookItems.retiredAt) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${pricebookItems.name})`), asc(pricebookItems.id));
}

/**
 * Whether `visibility` lets the caller read the organisation's pricebook, items or none: the rule
 * is asked about a row of that organisation that is not stored.
 */
export async function pricebookReadable(db: Db, visibility: SQL, organisationId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from (select ${organisationId}::uuid as organisation_id) as pricebook_items where ${visibility}`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** How many items the organisation's pricebook holds (retired ones too). */
export async function countPricebookItems(tx: Db, organisationId: string): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(pricebookItems).where(eq(pricebookItems.organisationId, organisationId));
  return row?.total ?? 0;
}

export async function insertPricebookItem(tx: Db, values: typeof pricebookItems.$inferInsert) {
  const [row] = await tx.insert(pricebookItems).values(values).returning({ id: pricebookItems.id });
  return row!.id;
}

/** Changes an item of the organisation's own pricebook; false when it has no such item. */
export async function updateOwnPricebookItem(
  tx: Db,
  organisationId: string,
  id: string,
  values: Partial<typeof pricebookItems.$inferInsert>,
): Promise<boolean> {
  const rows = await tx
    .update(pricebookItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(pricebookItems.id, id), eq(pricebookItems.organisationId, organisationId)))
    .returning({ id: pricebookItems.id });
  return rows.length > 0;
}

/**
 * Retires an offered item, or offers a retired one again (the guarded update: only an item in the
 * other state changes). 'missing' when the organisation has no such item, 'unchanged' when it is
 * already so.
 */
export async function setOwnPricebookItemRetired(
  tx: Db,
  organisationId: string,
  id: string,
  retired: boolean,
): Promise<'changed' | 'unchanged' | 'missing'> {
  const rows = await tx
    .update(pricebookItems)
    .set({ retiredAt: retired ? sql`now()` : null, updatedAt: sql`now()` })
    .where(
      and(
        eq(pricebookItems.id, id),
        eq(pricebookItems.organisationId, organisationId),
        retired ? isNull(pricebookItems.retiredAt) : isNotNull(pricebookItems.retiredAt),
      ),
    )
    .returning({ id: pricebookItems.id });
  if (rows.length > 0) return 'changed';
  const [exists] = await tx
    .select({ id: pricebookItems.id })
    .from(pricebookItems)
    .where(and(eq(pricebookItems.id, id), eq(pricebookItems.organisationId, organisationId)));
  return exists ? 'unchanged' : 'missing';
}

/** The organisation's items among `ids` that it still offers, with what a priced line copies. */
export async function offeredItems(db: Db, organisationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: pricebookItems.id,
      name: pricebookItems.name,
      kind: pricebookItems.kind,
      unit: pricebookItems.unit,
      brand: pricebookItems.brand,
      model: pricebookItems.model,
      priceKobo: pricebookItems.priceKobo,
    })
    .from(pricebookItems)
    .where(
      and(
        eq(pricebookItems.organisationId, organisationId),
        isNull(pricebookItems.retiredAt),
        sql`${pricebookItems.id} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
}
