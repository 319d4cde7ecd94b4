import type { StockMovementKind, StockSourceType } from '@amp/contracts/warehouse';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import type { Effects } from '../../lib/write.js';

/**
 * THE way stock moves (issue 11): every change of an item's quantity, whatever caused it (a hand
 * movement, a transfer, a material request, a purchase order's receipt, an import, a reversal),
 * is one call of `moveStock` inside the caller's write. It locks the item's row, refuses to go
 * below zero (409 with what is available; the CHECK on the column is the last guard), sets the
 * quantity and writes the movement with the balance after it, so the quantity is always the sum
 * of the movements. Two movements of one item queue on its row lock, so 1,000 concurrent
 * stock-outs of an item holding 500 give exactly 500 movements.
 */
export interface Movement {
  itemId: string;
  /** Signed: positive in, negative out; never 0. */
  delta: number;
  kind: StockMovementKind;
  reason: string | null;
  source?: { type: StockSourceType; id: string } | null;
  /** The movement this one undoes (a reversal). */
  reversesId?: number | null;
  userId: string | null;
}

export interface MovedStock {
  movementId: number;
  itemId: string;
  warehouseId: string;
  organisationId: string;
  name: string;
  quantity: number;
  reorderLevel: number | null;
  priceKobo: number | null;
  /** The quantity fell to its reorder level with this movement (it was above it before). */
  becameLow: boolean;
}

interface LockedItem {
  id: string;
  warehouse_id: string;
  organisation_id: string;
  name: string;
  quantity: number;
  reorder_level: number | null;
  price_kobo: string | number | null;
  low_since: Date | string | null;
}

/** Locks an item's row for the rest of the transaction and reads it (undefined: no such item). */
export async function lockItem(tx: Db, itemId: string): Promise<LockedItem | undefined> {
  const result = await tx.execute(sql`
    select id, warehouse_id, organisation_id, name, quantity, reorder_level, price_kobo, low_since
      from inventory_items where id = ${itemId} for update`);
  return (result as unknown as { rows: LockedItem[] }).rows[0];
}

/**
 * Locks many items' rows for the rest of the transaction, in id order (two batches, or a batch and
 * a transfer, queue instead of deadlocking), and reads their quantities; a missing id is left out.
 */
export async function lockItems(tx: Db, itemIds: readonly string[]): Promise<Map<string, { name: string; quantity: number }>> {
  if (itemIds.length === 0) return new Map();
  const result = await tx.execute(sql`
    select id, name, quantity from inventory_items where id = any(${sql.param([...itemIds])}::uuid[]) order by id for update`);
  const rows = (result as unknown as { rows: { id: string; name: string; quantity: number }[] }).rows;
  return new Map(rows.map((row) => [row.id, { name: row.name, quantity: row.quantity }]));
}

/** An item holds at most an int32 of units (its column): a movement past it is refused, not an overflow. */
const ITEM_MAX_QUANTITY = 2_147_483_647;
const tooMuchStock = () => invalidField('quantity', 'VALIDATION.NOT_VALID', { field: 'Quantity' });

/** The 409 of a movement that would take an item below zero: the quantity on hand is in the message. */
export function notEnoughStock(available: number, item?: string): AppError {
  return item === undefined
    ? new AppError(409, 'SUPPLY.NOT_ENOUGH_STOCK', { available })
    : new AppError(409, 'SUPPLY.NOT_ENOUGH_STOCK_OF', { item, available });
}

/**
 * Applies one movement: lock, check, update and insert (the update and the insert in one
 * statement). `named`: say which item is short in the 409 (a request of several lines).
 */
export async function moveStock(tx: Db, movement: Movement, options: { named?: boolean } = {}): Promise<MovedStock> {
  if (!Number.isInteger(movement.delta) || movement.delta === 0) throw new Error('a movement moves a whole, non-zero quantity');
  const item = await lockItem(tx, movement.itemId);
  if (!item) throw notFound('item');
  const after = item.quantity + movement.delta;
  if (after < 0) throw notEnoughStock(item.quantity, options.named ? item.name : undefined);
  if (after > ITEM_MAX_QUANTITY) throw tooMuchStock();
  const low = item.reorder_level !== null && after <= item.reorder_level;
  const result = await tx.execute(sql`
    with moved as (
      update inventory_items
         set quantity = quantity + ${movement.delta},
             updated_at = now(),
             low_since = case when ${low} then coalesce(low_since, now()) else null end
       where id = ${movement.itemId} and quantity + ${movement.delta} >= 0
       returning id, warehouse_id, organisation_id, quantity
    )
    insert into stock_movements (item_id, warehouse_id, organisation_id, kind, delta, balance_after, reason, source_type, source_id, reverses_id, user_id)
    select id, warehouse_id, organisation_id, ${movement.kind}, ${movement.delta}, quantity, ${movement.reason},
           ${movement.source?.type ?? null}, ${movement.source?.id ?? null}, ${movement.reversesId ?? null}, ${movement.userId}
      from moved
    returning id, balance_after`);
  const [row] = (result as unknown as { rows: { id: string | number; balance_after: number }[] }).rows;
  // The row lock makes this a formality; kept so the guard holds even without it.
  if (!row) throw notEnoughStock(item.quantity, options.named ? item.name : undefined);
  return {
    movementId: Number(row.id),
    itemId: item.id,
    warehouseId: item.warehouse_id,
    organisationId: item.organisation_id,
    name: item.name,
    quantity: row.balance_after,
    reorderLevel: item.reorder_level,
    priceKobo: item.price_kobo === null ? null : Number(item.price_kobo),
    becameLow: low && item.low_since === null,
  };
}

/** An item's stock as its low mark sees it: what `notifyIfLow` needs. */
export type StockLevel = Pick<MovedStock, 'itemId' | 'warehouseId' | 'organisationId' | 'name' | 'quantity' | 'reorderLevel' | 'becameLow'>;

/**
 * Tells a warehouse's managers (or, with none, the organisation's admins and warehouse keepers)
 * that an item fell to its reorder level: once, when it crosses it, not at every movement below.
 */
export async function notifyIfLow(tx: Db, fx: Effects, moved: StockLevel): Promise<void> {
  if (!moved.becameLow) return;
  const result = await tx.execute(sql`
    select w.name, coalesce(array_agg(wm.user_id) filter (where wm.user_id is not null), '{}') as managers
      from warehouses w left join warehouse_managers wm on wm.warehouse_id = w.id
     where w.id = ${moved.warehouseId}
     group by w.name`);
  const [warehouse] = (result as unknown as { rows: { name: string; managers: string[] }[] }).rows;
  if (!warehouse) return;
  fx.notify({
    event: 'stock.low',
    to:
      warehouse.managers.length > 0
        ? { users: warehouse.managers }
        : { organisation: moved.organisationId, permission: ['manageWarehouse'] },
    params: { item: moved.name, warehouse: warehouse.name, quantity: moved.quantity, level: moved.reorderLevel ?? 0 },
    path: `/manage-warehouse/view/${moved.warehouseId}?stock=low`,
  });
}

/**
 * Sets an item's low mark from its quantity and reorder level as they now are (after its level
 * changed, or for a new item with no stock), under the item's lock: `becameLow` when it is now at
 * or under the level and was not marked before, so its managers hear of it once.
 */
export async function refreshLow(tx: Db, itemId: string): Promise<StockLevel> {
  const item = await lockItem(tx, itemId);
  if (!item) throw notFound('item');
  const low = item.reorder_level !== null && item.quantity <= item.reorder_level;
  await tx.execute(sql`
    update inventory_items set low_since = case when ${low} then coalesce(low_since, now()) else null end where id = ${itemId}`);
  return {
    itemId: item.id,
    warehouseId: item.warehouse_id,
    organisationId: item.organisation_id,
    name: item.name,
    quantity: item.quantity,
    reorderLevel: item.reorder_level,
    becameLow: low && item.low_since === null,
  };
}

/** `refreshLow` for many items at once, without notices (an import: the low-stock list shows them). */
export async function refreshLowMany(tx: Db, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await tx.execute(sql`
    update inventory_items
       set low_since = case when reorder_level is not null and quantity <= reorder_level then coalesce(low_since, now()) else null end
     where id = any(${sql.param([...itemIds])}::uuid[])`);
}

/**
 * Many movements in two statements (an import of thousands of rows): each item at most once, each
 * applied as `moveStock` applies one (the row's lock, never below zero, the balance after it, the
 * low mark), without low-stock notices. All or nothing: a movement that would take its item below
 * zero fails the whole batch with the 409 naming that item. The movements' ids, in order.
 */
export async function moveStockMany(tx: Db, movements: readonly Movement[]): Promise<number[]> {
  if (movements.length === 0) return [];
  if (new Set(movements.map((m) => m.itemId)).size !== movements.length) throw new Error('moveStockMany moves each item once');
  for (const m of movements) {
    if (!Number.isInteger(m.delta) || m.delta === 0) throw new Error('a movement moves a whole, non-zero quantity');
  }
  const column = <T>(pick: (m: Movement) => T, type: string) => sql`${sql.param(movements.map(pick))}::${sql.raw(type)}[]`;
  // The items' locks first, and the check.
  const locked = await lockItems(
    tx,
    movements.map((m) => m.itemId),
  );
  if (locked.size !== movements.length) throw notFound('item');
  for (const m of movements) {
    const item = locked.get(m.itemId)!;
    if (item.quantity + m.delta < 0) throw notEnoughStock(item.quantity, item.name);
    if (item.quantity + m.delta > ITEM_MAX_QUANTITY) throw tooMuchStock();
  }
  const result = await tx.execute(sql`
    with input as (
      select * from unnest(${column((m) => m.itemId, 'uuid')}, ${column((m) => m.delta, 'int')}, ${column((m) => m.kind, 'text')},
                           ${column((m) => m.reason, 'text')}, ${column((m) => m.source?.type ?? null, 'text')},
                           ${column((m) => m.source?.id ?? null, 'text')}, ${column((m) => m.reversesId ?? null, 'bigint')},
                           ${column((m) => m.userId, 'uuid')})
        with ordinality as i(item_id, delta, kind, reason, source_type, source_id, reverses_id, user_id, n)
    ),
    moved as (
      update inventory_items ii
         set quantity = ii.quantity + i.delta,
             updated_at = now(),
             low_since = case when ii.reorder_level is not null and ii.quantity + i.delta <= ii.reorder_level
                              then coalesce(ii.low_since, now()) else null end
        from input i
       where ii.id = i.item_id and ii.quantity + i.delta >= 0
      returning ii.id, ii.warehouse_id, ii.organisation_id, ii.quantity, i.kind, i.delta, i.reason, i.source_type, i.source_id,
                i.reverses_id, i.user_id, i.n
    )
    insert into stock_movements (item_id, warehouse_id, organisation_id, kind, delta, balance_after, reason, source_type, source_id, reverses_id, user_id)
    select id, warehouse_id, organisation_id, kind, delta, quantity, reason, source_type, source_id, reverses_id, user_id
      from moved order by n
    returning id`);
  const ids = (result as unknown as { rows: { id: string | number }[] }).rows.map((row) => Number(row.id));
  // The locks make this a formality, as in moveStock.
  if (ids.length !== movements.length) throw notEnoughStock(0);
  return ids;
}

export interface ItemIdentity {
  name: string;
  brand?: string | null;
  model?: string | null;
  unit?: string | null;
  description?: string | null;
  priceKobo?: number | null;
  pricebookItemId?: string | null;
}

/**
 * The item of a warehouse that is this material (same name, brand and model, ignoring case), made
 * with no stock when the warehouse has none yet: where a transfer or a purchase order's receipt
 * puts its units. Concurrent callers meet on the unique index and get the same row.
 */
export async function itemFor(tx: Db, warehouse: { id: string; organisationId: string }, identity: ItemIdentity): Promise<string> {
  const result = await tx.execute(sql`
    with made as (
      insert into inventory_items (warehouse_id, organisation_id, name, brand, model, unit, description, price_kobo, pricebook_item_id)
      values (${warehouse.id}, ${warehouse.organisationId}, ${identity.name}, ${identity.brand ?? null}, ${identity.model ?? null},
              ${identity.unit ?? null}, ${identity.description ?? null}, ${identity.priceKobo ?? null}, ${identity.pricebookItemId ?? null})
      on conflict (warehouse_id, lower(name), lower(coalesce(brand, '')), lower(coalesce(model, ''))) do nothing
      returning id
    )
    select id from made
    union all
    select id from inventory_items
     where warehouse_id = ${warehouse.id} and lower(name) = lower(${identity.name})
       and lower(coalesce(brand, '')) = lower(coalesce(${identity.brand ?? null}::text, ''))
       and lower(coalesce(model, '')) = lower(coalesce(${identity.model ?? null}::text, ''))
    limit 1`);
  const [row] = (result as unknown as { rows: { id: string }[] }).rows;
  if (row) return row.id;
  // A concurrent transaction made it after this statement's snapshot: a new statement sees it.
  const again = await tx.execute(sql`
    select id from inventory_items
     where warehouse_id = ${warehouse.id} and lower(name) = lower(${identity.name})
       and lower(coalesce(brand, '')) = lower(coalesce(${identity.brand ?? null}::text, ''))
       and lower(coalesce(model, '')) = lower(coalesce(${identity.model ?? null}::text, ''))`);
  const [found] = (again as unknown as { rows: { id: string }[] }).rows;
  if (!found) throw new Error('itemFor: the item was neither made nor found');
  return found.id;
}
