import type { InventoryListQuery, InventoryStockFilter, LowStockQuery } from '@amp/contracts/warehouse';
import { type AnyColumn, and, asc, desc, eq, ilike, isNotNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Viewer } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { inventoryItems, itemSearchText, warehouseStockCounts, warehouses } from '../../db/schema/warehouse.js';
import { cachedByShape, containsPattern, orderOf, pageOffset, shapeName } from '../../lib/list-query.js';
import { pricebookItemNamesAs } from '../pricebook/pricebook.public.js';
import { readableCheck } from './warehouse.repository.js';

/**
 * Inventory items: one by id, a warehouse's inventory (built for 100,000 items: decision 0008's
 * capped count, pages chosen from the (warehouse_id, lower(name), id) index and only then joined,
 * the search on the warehouse's trigram index, one prepared statement per shape), the low-stock
 * list, and the writes of an item's description (never its quantity: stock-ledger.ts).
 */

/** Filtered totals stop here, like the other big lists (decision 0008). */
export const COUNT_CAP = 10_000;

/** The pricebook items' names, joined on an item's pricebook item (pricebook.public). */
const pricebookItems = pricebookItemNamesAs('pricebook_items');

const itemColumns = {
  id: inventoryItems.id,
  warehouseId: inventoryItems.warehouseId,
  warehouseName: warehouses.name,
  organisationId: inventoryItems.organisationId,
  name: inventoryItems.name,
  description: inventoryItems.description,
  brand: inventoryItems.brand,
  model: inventoryItems.model,
  unit: inventoryItems.unit,
  quantity: inventoryItems.quantity,
  priceKobo: inventoryItems.priceKobo,
  reorderLevel: inventoryItems.reorderLevel,
  low: sql<boolean>`${inventoryItems.lowSince} is not null`,
  pricebookItemId: pricebookItems.id,
  pricebookItemName: pricebookItems.name,
  createdAt: inventoryItems.createdAt,
  updatedAt: inventoryItems.updatedAt,
};
export type ItemRow = Omit<NonNullable<Awaited<ReturnType<typeof findItem>>>, 'managedByMe'>;

function selectItems<Extra extends Record<string, SQL> = Record<never, SQL>>(
  db: Pick<ReturnType<Db['with']>, 'select'>,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...itemColumns, ...extra })
    .from(inventoryItems)
    .innerJoin(warehouses, eq(warehouses.id, inventoryItems.warehouseId))
    .leftJoin(pricebookItems, eq(pricebookItems.id, inventoryItems.pricebookItemId));
}

/** An item within `visibility` (the access module's condition on "inventory_items"), with whether `managed` holds of its warehouse. */
export async function findItem(db: Db, visibility: SQL, managed: SQL, id: string) {
  const [row] = await selectItems(db, { managedByMe: sql<boolean>`${managed}` })
    .where(and(eq(inventoryItems.id, id), visibility))
    .limit(1);
  return row;
}

// --- a warehouse's inventory -----------------------------------------------------------------------

type InventorySort = NonNullable<InventoryListQuery['sort']>;
const SORT_COLUMNS: Record<InventorySort, (AnyColumn | SQL)[]> = {
  name: [sql`lower(${inventoryItems.name})`],
  quantity: [inventoryItems.quantity],
  price: [inventoryItems.priceKobo],
  updatedAt: [inventoryItems.updatedAt],
};

const STOCK_FILTERS: Record<InventoryStockFilter, SQL | undefined> = {
  all: undefined,
  low: isNotNull(inventoryItems.lowSince),
  out: sql`${inventoryItems.outOfStock}`,
};

/** Each filter's exact total among a warehouse's counts (migration 0030). */
const STOCK_TOTALS: Record<InventoryStockFilter, AnyColumn> = {
  all: warehouseStockCounts.items,
  low: warehouseStockCounts.low,
  out: warehouseStockCounts.outOfStock,
};

/** Items whose name, brand, model or description holds `pattern`, as the warehouse's trigram index serves it. */
const searching = (pattern: SQLWrapper | string) => ilike(itemSearchText(inventoryItems), pattern);
const SEARCH = searching(sql.placeholder('pattern'));

/**
 * `column` among a page's ids, as an array: a generic plan takes a LIMIT parameter for a tenth of
 * the table, and `in (subquery)` then became a hash join over every item (or a merge join walking
 * the whole ledger's primary key); `= any(array(...))` is planned for a handful of ids, looked up
 * one by one.
 */
export const idIn = (column: AnyColumn, ids: SQLWrapper) => sql`${column} = any(array(${ids}))`;

/**
 * A list's page whose rows each carry the total (the access check in the page's statement): a page
 * with no row asks `totalOnly`, which says whether the viewer reads the list at all (undefined when
 * not). A total counted under the cap (`capped`) stops at COUNT_CAP, as a lower bound.
 */
export async function pageWithTotal<Row extends { total: number }>(
  page: Row[],
  totalOnly: () => Promise<{ total: number | null; readable: boolean }[]>,
  capped: boolean,
) {
  let counted = page[0]?.total;
  if (counted === undefined) {
    const [answer] = await totalOnly();
    if (!answer?.readable) return undefined;
    counted = answer.total ?? 0;
  }
  const rows = page.map(({ total: _total, ...row }) => row);
  return capped && counted > COUNT_CAP
    ? { rows, total: COUNT_CAP, totalIsLowerBound: true }
    : { rows, total: counted, totalIsLowerBound: false };
}

/** At most cap + 1 matching rows, counted: an index range, never the whole warehouse. */
function cappedCount(db: Db, where: SQL | undefined): SQL<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(inventoryItems)
    .where(where)
    .limit(COUNT_CAP + 1);
  return sql<number>`(select count(*) from (${capped}) as capped)`;
}

/** A warehouse's exact total of a filter, from its counts row. */
const countedTotal = (stock: InventoryStockFilter, warehouseId: SQLWrapper): SQL<number> =>
  sql<number>`(select ${STOCK_TOTALS[stock]} from ${warehouseStockCounts} where ${warehouseStockCounts.warehouseId} = ${warehouseId})`;

const preparedLists = new WeakMap<Db, Map<string, ReturnType<typeof prepareList>>>();

function prepareList(
  db: Db,
  readable: SQL,
  stock: InventoryStockFilter,
  search: boolean,
  sort: InventorySort,
  order: 'asc' | 'desc',
  key: string,
) {
  const orderBy = orderOf(SORT_COLUMNS[sort], order, inventoryItems.id);
  const where = and(eq(inventoryItems.warehouseId, sql.placeholder('warehouseId')), STOCK_FILTERS[stock], search ? SEARCH : undefined);
  const name = shapeName('inventory_list', key);
  // Deferred join: the page's ids come from the items' own index (by name: the warehouse's, its low
  // items' or its empty items'); only those rows are joined.
  const pageIds = db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // Unsearched, the total is the warehouse's count (exact); a search's is counted, capped.
  const total = search ? cappedCount(db, where) : countedTotal(stock, sql.placeholder('warehouseId'));
  // The access check and the total ride along as uncorrelated subqueries: one round trip per page.
  const page = selectItems(db, { total: sql<number>`${total}`.mapWith(Number) })
    .where(and(idIn(inventoryItems.id, pageIds), readable))
    .orderBy(...orderBy)
    .prepare(`${name}_page`);
  // A page with no row (past the end, nothing found, or a warehouse the caller does not read) says which.
  const totalOnly = db
    .select({ total: sql<number>`${total}`.mapWith(Number), readable: sql<boolean>`${readable}` })
    .from(sql`(select 1) as one`)
    .prepare(`${name}_total`);
  return { page, totalOnly, matches: search ? prepareMatchesPage(db, readable, where, sort, order, name) : undefined };
}

/**
 * A search in one pass: the matches (at most cap + 1) are found by the trigram index alone (no
 * order to tempt the planner into walking the name index past every item that does not match),
 * with what they sort by, then counted and paged from there. With more matches than the cap no row
 * comes back, and the caller falls back to the ordered page query.
 */
function prepareMatchesPage(db: Db, readable: SQL, where: SQL | undefined, sort: InventorySort, order: 'asc' | 'desc', name: string) {
  const matches = db.$with('matches').as(
    db
      .select({ id: sql<string>`${inventoryItems.id}`.as('match_id'), key: sql`${SORT_COLUMNS[sort][0]}`.as('match_key') })
      .from(inventoryItems)
      .where(where)
      .limit(COUNT_CAP + 1),
  );
  const matchCount = sql<number>`(select count(*) from ${matches})`;
  const direction = order === 'desc' ? desc : asc;
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(direction(matches.key), direction(matches.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return selectItems(db.with(matches), { total: matchCount.mapWith(Number) })
    .where(and(idIn(inventoryItems.id, pageIds), sql`${matchCount} <= ${COUNT_CAP}`, readable))
    .orderBy(...orderOf(SORT_COLUMNS[sort], order, inventoryItems.id))
    .prepare(`${name}_matches`);
}

/**
 * A page of a warehouse's items with its total (capped for a search), or undefined when the viewer
 * does not read the warehouse: the access check is in the page's statement.
 */
export async function listItems(db: Db, viewer: Viewer, warehouseId: string, query: InventoryListQuery) {
  const sort = query.sort ?? 'name';
  const search = Boolean(query.search);
  const { check, shape } = readableCheck(viewer, 'warehouse', sql.placeholder('warehouseId'));
  const key = `${query.stock}|${search}|${sort}|${query.order}|${shape}`;
  const prepared = cachedByShape(preparedLists, db, key, () => prepareList(db, check, query.stock, search, sort, query.order, key));
  const values = {
    warehouseId,
    organisationId: viewer.organisationId,
    userId: viewer.userId,
    limit: query.pageSize,
    offset: pageOffset(query.page, query.pageSize),
    ...(search ? { pattern: containsPattern(query.search ?? '') } : {}),
  };
  let page = prepared.matches ? await prepared.matches.execute(values) : [];
  if (page.length === 0) page = await prepared.page.execute(values);
  return pageWithTotal(page, () => prepared.totalOnly.execute(values), search);
}

/**
 * A page of the items at or under their reorder level in the warehouses within `warehouseVisibility`
 * (the access module's condition on "warehouses"), by warehouse and name: each warehouse's low
 * items through the partial index of low items.
 */
export async function listLowStock(db: Db, warehouseVisibility: SQL, query: LowStockQuery) {
  const searched = query.search ? containsPattern(query.search) : undefined;
  const inScope = (column: AnyColumn) =>
    and(
      sql`${column} in (select "warehouses"."id" from "warehouses" where ${warehouseVisibility})`,
      query.warehouse ? eq(column, query.warehouse) : undefined,
    );
  const where = and(inScope(inventoryItems.warehouseId), isNotNull(inventoryItems.lowSince), searched ? searching(searched) : undefined);
  // Unsearched, the warehouses' low counts (exact); a search's matches are counted, capped.
  const total = searched
    ? cappedCount(db, where)
    : sql<number>`(select coalesce(sum(${warehouseStockCounts.low}), 0) from ${warehouseStockCounts} where ${inScope(warehouseStockCounts.warehouseId)})`;
  const [rows, [counted]] = await Promise.all([
    selectItems(db)
      .where(where)
      .orderBy(asc(sql`lower(${warehouses.name})`), asc(warehouses.id), asc(sql`lower(${inventoryItems.name})`), asc(inventoryItems.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db.select({ total: total.mapWith(Number) }).from(sql`(select 1) as one`),
  ]);
  const found = counted?.total ?? 0;
  return searched && found > COUNT_CAP
    ? { rows, total: COUNT_CAP, totalIsLowerBound: true }
    : { rows, total: found, totalIsLowerBound: false };
}

// --- writes ----------------------------------------------------------------------------------------

/** A new item with no stock (its opening quantity is a movement). */
export async function insertItem(tx: Db, values: Omit<typeof inventoryItems.$inferInsert, 'quantity' | 'lowSince'>): Promise<string> {
  const [row] = await tx.insert(inventoryItems).values(values).returning({ id: inventoryItems.id });
  return row!.id;
}

/** What describes an item; its quantity is the ledger's. */
export type ItemDescription = Partial<
  Pick<
    typeof inventoryItems.$inferInsert,
    'name' | 'description' | 'brand' | 'model' | 'unit' | 'priceKobo' | 'reorderLevel' | 'pricebookItemId'
  >
>;

/** Changes an item's description (fields left undefined stay); its low mark is the ledger's to refresh. */
export async function updateItem(tx: Db, id: string, values: ItemDescription) {
  await tx
    .update(inventoryItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(inventoryItems.id, id));
}

/** The warehouse's items after `after` (by lower(name), id: the name index), at most `limit`: an export reads them batch by batch. */
export async function itemsAfter(db: Db, warehouseId: string, after: { name: string; id: string } | undefined, limit: number) {
  return db
    .select({
      id: inventoryItems.id,
      key: sql<string>`lower(${inventoryItems.name})`,
      name: inventoryItems.name,
      quantity: inventoryItems.quantity,
      unit: inventoryItems.unit,
      priceKobo: inventoryItems.priceKobo,
      reorderLevel: inventoryItems.reorderLevel,
      brand: inventoryItems.brand,
      model: inventoryItems.model,
      description: inventoryItems.description,
    })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.warehouseId, warehouseId),
        after ? sql`(lower(${inventoryItems.name}), ${inventoryItems.id}) > (${after.name}, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${inventoryItems.name})`), asc(inventoryItems.id))
    .limit(limit);
}

// --- imports -----------------------------------------------------------------------------------------

/** One value per parameter: a JS array becomes one PostgreSQL array. */
const array = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** A warehouse's items with what an import compares (the identity and the description), by name. */
export async function itemsForImport(db: Db, warehouseId: string) {
  return db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      brand: inventoryItems.brand,
      model: inventoryItems.model,
      unit: inventoryItems.unit,
      priceKobo: inventoryItems.priceKobo,
      reorderLevel: inventoryItems.reorderLevel,
      description: inventoryItems.description,
    })
    .from(inventoryItems)
    .where(eq(inventoryItems.warehouseId, warehouseId));
}

/** Items as an import describes them, column by column (arrays of one length). */
export interface ItemBatch {
  name: string[];
  brand: (string | null)[];
  model: (string | null)[];
  unit: (string | null)[];
  priceKobo: (number | null)[];
  reorderLevel: (number | null)[];
  description: (string | null)[];
}

/** Adds a batch of items to a warehouse with no stock, in one statement; their ids and identities (lower-case name, brand, model). */
export async function insertItemBatch(tx: Db, warehouse: { id: string; organisationId: string }, batch: ItemBatch) {
  const result = await tx.execute(sql`
    insert into inventory_items (warehouse_id, organisation_id, name, brand, model, unit, price_kobo, reorder_level, description)
    select ${warehouse.id}, ${warehouse.organisationId}, b.name, b.brand, b.model, b.unit, b.price_kobo, b.reorder_level, b.description
      from unnest(${array(batch.name, 'text')}, ${array(batch.brand, 'text')}, ${array(batch.model, 'text')}, ${array(batch.unit, 'text')},
                  ${array(batch.priceKobo, 'bigint')}, ${array(batch.reorderLevel, 'int')}, ${array(batch.description, 'text')})
           as b(name, brand, model, unit, price_kobo, reorder_level, description)
    returning id, name, brand, model`);
  return (result as unknown as { rows: { id: string; name: string; brand: string | null; model: string | null }[] }).rows;
}

/** Changes the description of a batch of a warehouse's items (`ids` beside the batch), in one statement; how many changed. */
export async function updateItemBatch(tx: Db, warehouseId: string, ids: string[], batch: Omit<ItemBatch, 'name' | 'brand' | 'model'>) {
  const result = await tx.execute(sql`
    update inventory_items i
       set unit = b.unit, price_kobo = b.price_kobo, reorder_level = b.reorder_level, description = b.description, updated_at = now()
      from unnest(${array(ids, 'uuid')}, ${array(batch.unit, 'text')}, ${array(batch.priceKobo, 'bigint')},
                  ${array(batch.reorderLevel, 'int')}, ${array(batch.description, 'text')})
           as b(id, unit, price_kobo, reorder_level, description)
     where i.id = b.id and i.warehouse_id = ${warehouseId}
    returning i.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
