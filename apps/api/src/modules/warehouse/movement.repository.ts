import type { MovementListQuery } from '@amp/contracts/warehouse';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { inventoryItems, stockMovements, warehouseStockCounts, warehouses } from '../../db/schema/warehouse.js';
import { cachedByShape, pageOffset, shapeName } from '../../lib/list-query.js';
import { userRefOf } from '../user/user.public.js';
import { COUNT_CAP, idIn, pageWithTotal } from './inventory.repository.js';
import { readableCheck } from './warehouse.repository.js';

/**
 * Reads of the stock ledger: the movements of an item or of a warehouse, newest first, built for
 * 10,000,000 movements: pages chosen on the (item_id, id desc) or (warehouse_id, id desc) index and
 * only then joined, a count capped as the other big lists (decision 0008), one prepared statement
 * per shape. The ledger's writes are stock-ledger.ts'.
 */

const reversal = alias(stockMovements, 'reversal');

/** The code of the movement's source document, when it has one (a material request's, a purchase order's). */
const sourceCode = sql<string | null>`case ${stockMovements.sourceType}
  when 'material_request' then (select mr.code from material_requests mr where mr.id = ${stockMovements.sourceId}::uuid)
  when 'purchase_order' then (select po.code from purchase_orders po where po.id = ${stockMovements.sourceId}::uuid)
  end`;

const movementColumns = {
  id: stockMovements.id,
  itemId: stockMovements.itemId,
  itemName: inventoryItems.name,
  warehouseId: stockMovements.warehouseId,
  warehouseName: warehouses.name,
  organisationId: stockMovements.organisationId,
  kind: stockMovements.kind,
  delta: stockMovements.delta,
  balanceAfter: stockMovements.balanceAfter,
  reason: stockMovements.reason,
  sourceType: stockMovements.sourceType,
  sourceId: stockMovements.sourceId,
  sourceCode,
  reversesId: stockMovements.reversesId,
  reversedBy: reversal.id,
  by: userRefOf(stockMovements.userId),
  createdAt: stockMovements.createdAt,
};
export type MovementRow = NonNullable<Awaited<ReturnType<typeof findMovement>>>;

function selectMovements<Extra extends Record<string, SQL> = Record<never, SQL>>(
  db: Pick<ReturnType<Db['with']>, 'select'>,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...movementColumns, ...extra })
    .from(stockMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.itemId))
    .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
    .leftJoin(reversal, eq(reversal.reversesId, stockMovements.id));
}

/** A movement by id (the caller checks that it may see its item). */
export async function findMovement(db: Db, id: number) {
  const [row] = await selectMovements(db).where(eq(stockMovements.id, id)).limit(1);
  return row;
}

/** Movements by id, in id order (what a movement just wrote). */
export async function movementsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return selectMovements(db)
    .where(inArray(stockMovements.id, [...ids]))
    .orderBy(stockMovements.id);
}

/** The other half of a transfer (the same transfer id, the other kind). */
export async function transferPartner(db: Db, movement: { id: number; sourceId: string }) {
  const [row] = await db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.sourceType, 'transfer'),
        eq(stockMovements.sourceId, movement.sourceId),
        inArray(stockMovements.kind, ['transfer_out', 'transfer_in']),
        ne(stockMovements.id, movement.id),
      ),
    )
    .limit(1);
  return row?.id;
}

/** Whether any of these movements has been reversed (read under the items' locks, after a concurrent reversal committed). */
export async function anyReversed(db: Db, ids: readonly number[]): Promise<boolean> {
  const [row] = await db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(inArray(stockMovements.reversesId, [...ids]))
    .limit(1);
  return row !== undefined;
}

// --- histories -------------------------------------------------------------------------------------

type Scope = 'item' | 'warehouse';
const SCOPE_COLUMNS = { item: stockMovements.itemId, warehouse: stockMovements.warehouseId };

/** Whether the history's total is kept exactly (a warehouse's, of every kind). */
const exactTotal = (scope: Scope, byKind: boolean) => scope === 'warehouse' && !byKind;

const preparedHistories = new WeakMap<Db, Map<string, ReturnType<typeof prepareHistory>>>();

function prepareHistory(db: Db, readable: SQL, scope: Scope, byKind: boolean, key: string) {
  const where = and(
    eq(SCOPE_COLUMNS[scope], sql.placeholder('scopeId')),
    byKind ? eq(stockMovements.kind, sql.placeholder('kind')) : undefined,
  );
  const orderBy = [desc(stockMovements.id)];
  const name = shapeName('stock_history', key);
  // Deferred join: the page's ids from the ledger's index alone, then only those rows joined. Of
  // one kind, in the order of its index (-id: newest first), which the primary key cannot serve.
  const pageIds = db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(where)
    .orderBy(...(byKind ? [asc(sql`(-${stockMovements.id})`)] : orderBy))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  const capped = db
    .select({ one: sql`1` })
    .from(stockMovements)
    .where(where)
    .limit(COUNT_CAP + 1);
  // A warehouse's whole history has its exact count (migration 0030); an item's, or one kind's, is counted, capped.
  const total = (
    exactTotal(scope, byKind)
      ? sql<number>`(select ${warehouseStockCounts.movements} from ${warehouseStockCounts} where ${warehouseStockCounts.warehouseId} = ${sql.placeholder('scopeId')})`
      : sql<number>`(select count(*) from (${capped}) as capped)`
  ).mapWith(Number);
  // The access check and the total ride along as uncorrelated subqueries: one round trip per page.
  const page = selectMovements(db, { total })
    .where(and(idIn(stockMovements.id, pageIds), readable))
    .orderBy(...orderBy)
    .prepare(`${name}_page`);
  // A page with no row (past the end, or an item or warehouse the caller does not read) says which.
  const totalOnly = db
    .select({ total, readable: sql<boolean>`${readable}` })
    .from(sql`(select 1) as one`)
    .prepare(`${name}_total`);
  return { page, totalOnly };
}

/**
 * A page of an item's or a warehouse's movements, newest first, with its total, or undefined when
 * the viewer does not read the item or warehouse: the access check is in the page's statement.
 */
export async function listMovements(db: Db, viewer: Viewer, scope: Scope, scopeId: string, query: MovementListQuery) {
  const { check, shape } = readableCheck(viewer, scope, sql.placeholder('scopeId'));
  const key = `${scope}|${query.kind ? 'kind' : 'all'}|${shape}`;
  const prepared = cachedByShape(preparedHistories, db, key, () => prepareHistory(db, check, scope, Boolean(query.kind), key));
  const values = {
    scopeId,
    organisationId: viewer.organisationId,
    userId: viewer.userId,
    limit: query.pageSize,
    offset: pageOffset(query.page, query.pageSize),
    ...(query.kind ? { kind: query.kind } : {}),
  };
  const page = await prepared.page.execute(values);
  return pageWithTotal(page, () => prepared.totalOnly.execute(values), !exactTotal(scope, Boolean(query.kind)));
}
