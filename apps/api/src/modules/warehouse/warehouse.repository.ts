import type { WarehouseListQuery } from '@amp/contracts/warehouse';
import { and, count, eq, ilike, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { VIEWER_KEYS, type Viewer } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { inventoryItems, warehouseManagers, warehouses } from '../../db/schema/warehouse.js';
import { containsPattern, orderOf, pageOffset, shapeText } from '../../lib/list-query.js';
import { stateNamesAs } from '../reference/reference.public.js';
import { staffHolding } from '../user/user.public.js';
import { visibleInventoryItems } from './inventory.reach.js';
import { visibleWarehouses } from './warehouse.reach.js';

/**
 * Warehouses: the row, its managers, and the figures of its stock (items, low items, value), read
 * in one statement with one aggregate over the warehouse's items.
 */

/** The managers of the outer "warehouses" row, by name: [{_id, name}]. */
const managersOf = sql<{ _id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('_id', u.id, 'name', u.first_name || ' ' || u.last_name) order by u.first_name, u.last_name, u.id)
    from warehouse_managers wm join users u on u.id = wm.user_id
   where wm.warehouse_id = ${warehouses.id}), '[]'::json)`;

/** Items held, items at or under their reorder level and the stock's value (kobo), of the outer "warehouses" row. */
const figuresOf = sql<{ items: number; low: number; value: string | number }>`(
  select json_build_object('items', count(*), 'low', count(*) filter (where i.low_since is not null),
                           'value', coalesce(sum(i.quantity::numeric * i.price_kobo), 0))
    from inventory_items i where i.warehouse_id = ${warehouses.id})`;

/** The states' names, joined on a warehouse's state (reference.public). */
const states = stateNamesAs('states');

function warehouseColumns(managed: SQL) {
  return {
    id: warehouses.id,
    organisationId: warehouses.organisationId,
    name: warehouses.name,
    address: warehouses.address,
    stateAlias: warehouses.state,
    stateName: states.name,
    lga: warehouses.lga,
    managers: managersOf,
    figures: figuresOf,
    managedByMe: sql<boolean>`${managed}`,
    createdAt: warehouses.createdAt,
    updatedAt: warehouses.updatedAt,
  };
}
export type WarehouseRow = Awaited<ReturnType<typeof findWarehouse>> & {};

/**
 * A warehouse within `visibility` (the access module's condition on "warehouses"), with whether
 * `managed` (managesWarehouse on warehouses.id) holds for the caller.
 */
export async function findWarehouse(db: Db, visibility: SQL, managed: SQL, id: string) {
  const [row] = await db
    .select(warehouseColumns(managed))
    .from(warehouses)
    .leftJoin(states, eq(states.alias, warehouses.state))
    .where(and(eq(warehouses.id, id), visibility))
    .limit(1);
  return row;
}

const SORTS = { name: [sql`lower(${warehouses.name})`], createdAt: [warehouses.createdAt] };

/** A page of the warehouses within `visibility`, searched on name and address. An organisation has few: counted exactly. */
export async function listWarehouses(db: Db, visibility: SQL, managed: SQL, query: WarehouseListQuery) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(visibility, pattern ? or(ilike(warehouses.name, pattern), ilike(warehouses.address, pattern)) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select(warehouseColumns(managed))
      .from(warehouses)
      .leftJoin(states, eq(states.alias, warehouses.state))
      .where(where)
      .orderBy(...orderOf(SORTS[query.sort ?? 'name'], query.order, warehouses.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db.select({ total: count() }).from(warehouses).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The warehouse's id, organisation and name, locked until the transaction ends (an import of it waits for another). */
export async function lockWarehouse(tx: Db, id: string) {
  const [row] = await tx
    .select({ id: warehouses.id, organisationId: warehouses.organisationId, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.id, id))
    .for('update');
  return row;
}

/** A warehouse's name by id (an import's job, which runs with no caller, names it in its activity). */
export async function warehouseNameOf(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.id, id)).limit(1);
  return row?.name;
}

/** A warehouse by id within `visibility`, with whether `managed` holds: what a movement or an item needs. */
export async function warehouseRef(db: Db, visibility: SQL, managed: SQL, id: string) {
  const [row] = await db
    .select({
      id: warehouses.id,
      organisationId: warehouses.organisationId,
      name: warehouses.name,
      managedByMe: sql<boolean>`${managed}`,
    })
    .from(warehouses)
    .where(and(eq(warehouses.id, id), visibility))
    .limit(1);
  return row;
}

export async function insertWarehouse(tx: Db, values: typeof warehouses.$inferInsert): Promise<string> {
  const [row] = await tx.insert(warehouses).values(values).returning({ id: warehouses.id });
  return row!.id;
}

export async function updateWarehouse(tx: Db, id: string, values: Partial<typeof warehouses.$inferInsert>) {
  await tx
    .update(warehouses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(warehouses.id, id));
}

/** The warehouse's managers become exactly `userIds`. */
export async function setManagers(tx: Db, warehouseId: string, userIds: readonly string[]) {
  await tx.delete(warehouseManagers).where(eq(warehouseManagers.warehouseId, warehouseId));
  if (userIds.length > 0) await tx.insert(warehouseManagers).values(userIds.map((userId) => ({ warehouseId, userId })));
}

/**
 * The organisation's active staff who may manage a warehouse: its admins and the holders of
 * manageWarehouse, by name; only `ids` when given, searched on their names when `search` is.
 */
export async function eligibleManagers(
  db: Db,
  organisationId: string,
  options: { ids?: readonly string[]; search?: string; limit: number },
) {
  const staff = await staffHolding(db, organisationId, ['manageWarehouse'], options);
  return staff.map(({ id, firstName, lastName }) => ({ id, name: `${firstName} ${lastName}` }));
}

// --- the hot reads' access check -------------------------------------------------------------------

/**
 * Whether the viewer reads the warehouse or the item `id` names (the access module's condition), as
 * a condition to write into a hot read (the inventory list, the movement histories), so the check
 * and the page are one statement; with the condition's shape, for that statement's key. The
 * condition names "warehouses" or "inventory_items": here the subquery's own row.
 */
export function readableCheck(viewer: Viewer, subject: 'warehouse' | 'item', id: SQLWrapper): { check: SQL; shape: string } {
  const table = subject === 'warehouse' ? warehouses : inventoryItems;
  const condition = subject === 'warehouse' ? visibleWarehouses(viewer, VIEWER_KEYS) : visibleInventoryItems(viewer, VIEWER_KEYS);
  return { check: sql`exists (select 1 from ${table} where ${table.id} = ${id} and ${condition})`, shape: shapeText(condition) };
}
