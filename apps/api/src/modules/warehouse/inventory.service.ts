import { pageMeta } from '@amp/contracts/fields';
import { koboToNaira } from '@amp/contracts/money';
import type {
  InventoryItem,
  InventoryItemInput,
  InventoryItemUpdateInput,
  InventoryListQuery,
  LowStockQuery,
} from '@amp/contracts/warehouse';
import { sql } from 'drizzle-orm';
import { visible, visibleIds } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { inventoryItems } from '../../db/schema/warehouse.js';
import type { Deps } from '../../deps.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { findItem, type ItemRow, insertItem, listItems, listLowStock, updateItem } from './inventory.repository.js';
import { moveStock, notifyIfLow, refreshLow } from './stock-ledger.js';
import { managesWarehouse } from './warehouse.reach.js';
import { managedWarehouse, notManager } from './warehouse.service.js';

/**
 * A warehouse's inventory (issue 11): its items, described by hand (name, brand, model, unit,
 * price, reorder level, the pricebook item it is) and counted only by the ledger: a new item's
 * opening quantity is an `opening` movement, and an item's quantity is never set by a change.
 */

export function toItem(row: ItemRow): InventoryItem {
  return {
    _id: row.id,
    warehouse: { _id: row.warehouseId, name: row.warehouseName },
    name: row.name,
    description: row.description,
    brand: row.brand,
    model: row.model,
    unit: row.unit,
    quantity: row.quantity,
    priceKobo: row.priceKobo,
    price: row.priceKobo === null ? null : koboToNaira(row.priceKobo),
    reorderLevel: row.reorderLevel,
    low: row.low,
    pricebookItem: row.pricebookItemId ? { _id: row.pricebookItemId, name: row.pricebookItemName ?? '' } : null,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whether the caller manages the warehouse of the outer "inventory_items" row. */
const managesItsWarehouse = (principal: Principal) => managesWarehouse(principal, sql`${inventoryItems.warehouseId}`);

/** An item the caller reads (else 404), with whether it manages the item's warehouse. */
export async function itemOf(db: Db, principal: Principal, id: string) {
  const row = await findItem(db, visible(principal, 'inventory_item'), managesItsWarehouse(principal), id);
  if (!row) throw notFound('item');
  return row;
}

/** An item of a warehouse the caller manages: 404 when it does not read it, 403 when it only reads it. */
export async function managedItem(db: Db, principal: Principal, id: string) {
  const row = await itemOf(db, principal, id);
  if (!row.managedByMe) throw notManager();
  return row;
}

export async function get(db: Db, principal: Principal, id: string): Promise<InventoryItem> {
  return toItem(await itemOf(db, principal, id));
}

/** GET /v2/warehouse/{id}/items. */
export async function list(db: Db, principal: Principal, warehouseId: string, query: InventoryListQuery) {
  const listed = await listItems(db, principal, warehouseId, query);
  if (!listed) throw notFound('warehouse');
  const { rows, total, totalIsLowerBound } = listed;
  return { data: rows.map(toItem), meta: pageMeta(query.page, query.pageSize, total, totalIsLowerBound) };
}

/** GET /v2/warehouse/low-stock. */
export async function lowStock(db: Db, principal: Principal, query: LowStockQuery) {
  const { rows, total, totalIsLowerBound } = await listLowStock(db, visible(principal, 'warehouse'), query);
  return { data: rows.map(toItem), meta: pageMeta(query.page, query.pageSize, total, totalIsLowerBound) };
}

/** The pricebook item named on the form, if the caller sees it (its own organisation's, or a supplier's it buys from); a 400 otherwise. */
async function checkPricebookItem(db: Db, principal: Principal, id: string | null | undefined) {
  if (!id) return id;
  const seen = await visibleIds(db, principal, 'pricebook', [id]);
  if (!seen.has(id)) throw invalidField('pricebookItem', 'VALIDATION.NOT_VALID', { field: 'Pricebook item' });
  return id;
}

/** Blank optional texts are stored as nothing; absent ones are left as they are. */
const orNull = (text: string | undefined) => (text === undefined ? undefined : text || null);

/** Two items of one warehouse may not share a name, brand and model. */
const itemTaken = (name: string) => (constraint: string | undefined) =>
  constraint === 'inventory_items_identity_uq' ? invalidField('name', 'SUPPLY.ITEM_TAKEN', { name }) : conflict();

/** POST /v2/warehouse/{id}/item: a new item, its opening quantity an `opening` movement. */
export async function create(deps: Deps, principal: Principal, warehouseId: string, input: InventoryItemInput): Promise<InventoryItem> {
  const warehouse = await managedWarehouse(deps.db, principal, warehouseId);
  const pricebookItemId = await checkPricebookItem(deps.db, principal, input.pricebookItem);
  const id = await write(
    deps,
    principal,
    async (tx, fx) => {
      const itemId = await insertItem(tx, {
        warehouseId,
        organisationId: warehouse.organisationId,
        name: input.name,
        description: orNull(input.description) ?? null,
        brand: orNull(input.brand) ?? null,
        model: orNull(input.model) ?? null,
        unit: orNull(input.unit) ?? null,
        priceKobo: input.price ?? null,
        reorderLevel: input.reorderLevel ?? null,
        pricebookItemId: pricebookItemId ?? null,
      });
      const level =
        input.quantity > 0
          ? await moveStock(tx, { itemId, delta: input.quantity, kind: 'opening', reason: null, userId: principal.userId })
          : await refreshLow(tx, itemId);
      await notifyIfLow(tx, fx, level);
      fx.activity({
        action: 'inventory.item_added',
        params: { item: input.name, warehouse: warehouse.name },
        subject: { type: 'inventory_item', id: itemId },
      });
      return itemId;
    },
    { onUniqueViolation: itemTaken(input.name) },
  );
  return get(deps.db, principal, id);
}

/** PUT /v2/warehouse/item/{id}: the description, never the quantity; a new reorder level is applied at once (and heard of once). */
export async function update(deps: Deps, principal: Principal, id: string, input: InventoryItemUpdateInput): Promise<InventoryItem> {
  const current = await managedItem(deps.db, principal, id);
  const pricebookItemId = await checkPricebookItem(deps.db, principal, input.pricebookItem);
  const name = input.name ?? current.name;
  await write(
    deps,
    principal,
    async (tx, fx) => {
      await updateItem(tx, id, {
        name: input.name,
        description: orNull(input.description),
        brand: orNull(input.brand),
        model: orNull(input.model),
        unit: orNull(input.unit),
        priceKobo: input.price,
        reorderLevel: input.reorderLevel,
        pricebookItemId,
      });
      if (input.reorderLevel !== undefined) await notifyIfLow(tx, fx, await refreshLow(tx, id));
      fx.activity({
        action: 'inventory.item_changed',
        params: { item: name, warehouse: current.warehouseName },
        subject: { type: 'inventory_item', id },
      });
    },
    { onUniqueViolation: itemTaken(name) },
  );
  return get(deps.db, principal, id);
}
