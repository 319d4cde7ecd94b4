import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { inventoryItems } from '../../db/schema/warehouse.js';
import { type ItemBatch, insertItemBatch, itemsForImport, updateItemBatch } from './inventory.repository.js';
import { lockItems, type Movement, moveStockMany, refreshLowMany } from './stock-ledger.js';
import { lockWarehouse } from './warehouse.repository.js';

/**
 * Writing a checked inventory file into its warehouse (issue 11), inside the import's transaction:
 * a row naming a new item (name, brand and model, ignoring case) adds it, its quantity an `opening`
 * movement; a row naming an item of the warehouse changes its description where the row differs,
 * and, when the quantity differs from the stock, writes the difference as a `count` movement
 * ("Imported from <file>"). Every movement goes through the ledger and names the import as its
 * source. The rows are checked by the import pipeline (asset-import.inventory.ts).
 */

/** A checked row of an inventory file. */
export interface InventoryImportRow {
  name: string;
  brand: string | null;
  model: string | null;
  unit: string | null;
  priceKobo: number | null;
  reorderLevel: number | null;
  description: string | null;
  quantity: number;
}

/** The columns a file may leave out: a matched item keeps those fields. */
export type InventoryDescriptionField = 'unit' | 'priceKobo' | 'reorderLevel' | 'description';

export interface InventoryImportTarget {
  /** The import: the movements' source. */
  id: string;
  warehouseId: string;
  createdBy: string | null;
  fileName: string;
}

/** Rows per statement. */
const WRITE_BATCH = 5_000;

/** How items are matched: name, brand and model, trimmed and ignoring case (the warehouse's unique index). */
/** The tables an inventory import fills (tidied up after it, db/tidy-up.ts). */
export const inventoryImportTables: readonly PgTable[] = [inventoryItems];

export const identityKey = (item: { name: string; brand: string | null; model: string | null }) =>
  `${item.name.trim().toLowerCase()}\u0000${(item.brand ?? '').trim().toLowerCase()}\u0000${(item.model ?? '').trim().toLowerCase()}`;

function chunks<T>(values: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += WRITE_BATCH) out.push(values.slice(i, i + WRITE_BATCH));
  return out;
}

const toBatch = (rows: InventoryImportRow[]): ItemBatch => ({
  name: rows.map((row) => row.name),
  brand: rows.map((row) => row.brand),
  model: rows.map((row) => row.model),
  unit: rows.map((row) => row.unit),
  priceKobo: rows.map((row) => row.priceKobo),
  reorderLevel: rows.map((row) => row.reorderLevel),
  description: rows.map((row) => row.description),
});

/**
 * Writes the rows into the warehouse as it is now (another import of it waits on the warehouse's
 * lock); `present`: the description fields the file has. The number of items added or changed.
 */
export async function writeInventoryImport(
  tx: Db,
  target: InventoryImportTarget,
  rows: InventoryImportRow[],
  present: ReadonlySet<InventoryDescriptionField>,
): Promise<number> {
  const warehouse = await lockWarehouse(tx, target.warehouseId);
  if (!warehouse) throw new Error('the warehouse of the import is gone');
  const existing = new Map((await itemsForImport(tx, warehouse.id)).map((item) => [identityKey(item), item]));
  const added: InventoryImportRow[] = [];
  const changed: { id: string; row: InventoryImportRow }[] = [];
  const matched: { id: string; quantity: number }[] = [];
  for (const row of rows) {
    const item = existing.get(identityKey(row));
    if (!item) {
      added.push(row);
      continue;
    }
    const next = {
      ...row,
      unit: present.has('unit') ? row.unit : item.unit,
      priceKobo: present.has('priceKobo') ? row.priceKobo : item.priceKobo,
      reorderLevel: present.has('reorderLevel') ? row.reorderLevel : item.reorderLevel,
      description: present.has('description') ? row.description : item.description,
    };
    if (
      next.unit !== item.unit ||
      next.priceKobo !== item.priceKobo ||
      next.reorderLevel !== item.reorderLevel ||
      next.description !== item.description
    ) {
      changed.push({ id: item.id, row: next });
    }
    matched.push({ id: item.id, quantity: row.quantity });
  }

  const movements: Movement[] = [];
  const source = { type: 'import' as const, id: target.id };
  const newIds: string[] = [];
  for (const chunk of chunks(added)) {
    const made = await insertItemBatch(tx, warehouse, toBatch(chunk));
    const byKey = new Map(made.map((item) => [identityKey(item), item.id]));
    for (const row of chunk) {
      const id = byKey.get(identityKey(row))!;
      newIds.push(id);
      if (row.quantity > 0) {
        movements.push({ itemId: id, delta: row.quantity, kind: 'opening', reason: null, source, userId: target.createdBy });
      }
    }
  }
  for (const chunk of chunks(changed)) {
    const rowsOf = chunk.map((change) => change.row);
    const updated = await updateItemBatch(
      tx,
      warehouse.id,
      chunk.map((change) => change.id),
      toBatch(rowsOf),
    );
    if (updated !== chunk.length) throw new Error('an item of the import changed warehouse meanwhile');
  }
  // The matched items' quantities under their locks: a movement by hand meanwhile is counted, not lost.
  const counted = new Set<string>();
  for (const chunk of chunks(matched)) {
    const locked = await lockItems(
      tx,
      chunk.map((item) => item.id),
    );
    for (const { id, quantity } of chunk) {
      const delta = quantity - locked.get(id)!.quantity;
      if (delta === 0) continue;
      counted.add(id);
      movements.push({ itemId: id, delta, kind: 'count', reason: `Imported from ${target.fileName}`, source, userId: target.createdBy });
    }
  }
  for (const chunk of chunks(movements)) await moveStockMany(tx, chunk);
  // Low marks of what no movement touched: new empty items, and changed reorder levels.
  const moved = new Set(movements.map((m) => m.itemId));
  const unmoved = [...newIds, ...changed.map((change) => change.id)].filter((id) => !moved.has(id));
  for (const chunk of chunks(unmoved)) await refreshLowMany(tx, chunk);
  return added.length + new Set([...changed.map((change) => change.id), ...counted]).size;
}
