import { and, eq, inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { type Viewer, visible } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { inventoryItems, warehouses } from '../../db/schema/warehouse.js';

/**
 * What other modules may use of warehouses. The one way stock moves, for the material request and
 * purchase order modules: every movement goes through `moveStock` inside the caller's write. For
 * the import pipeline: the warehouse an inventory import fills (the caller must manage it), the
 * writer of a checked inventory file and the tables it fills.
 */
export {
  type InventoryDescriptionField,
  type InventoryImportRow,
  identityKey,
  inventoryImportTables,
  writeInventoryImport,
} from './inventory-import.service.js';
export { itemFor, moveStock, notifyIfLow } from './stock-ledger.js';
export { managesWarehouse } from './warehouse.reach.js';
export { warehouseNameOf } from './warehouse.repository.js';
export { managedWarehouse, warehouseOf } from './warehouse.service.js';

/** Warehouses' ids, names and addresses as a subquery to join, named `name`: a purchase order's delivery address (planned like a join of the table). */
export const warehouseAddressesAs = <Name extends string>(name: Name) =>
  new QueryBuilder()
    .select({ id: warehouses.id, name: warehouses.name, address: warehouses.address, state: warehouses.state, lga: warehouses.lga })
    .from(warehouses)
    .as(name);

/** A warehouse of this organisation ({ id, name, organisationId }): where its purchase orders' goods may go. */
export async function findOrganisationWarehouse(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select({ id: warehouses.id, name: warehouses.name, organisationId: warehouses.organisationId })
    .from(warehouses)
    .where(and(eq(warehouses.id, id), eq(warehouses.organisationId, organisationId)))
    .limit(1);
  return row;
}

/** Warehouses' ids and names as a subquery to join, named `name` (planned like a join of the table: decision 0033 "Where a list joins"). */
export const warehouseNamesAs = <Name extends string>(name: Name) =>
  new QueryBuilder().select({ id: warehouses.id, name: warehouses.name }).from(warehouses).as(name);

/** Inventory items' ids, names, units and quantities on hand as a subquery to join, named `name`: a material request's lines. */
export const inventoryItemStockAs = <Name extends string>(name: Name) =>
  new QueryBuilder()
    .select({ id: inventoryItems.id, name: inventoryItems.name, unit: inventoryItems.unit, quantity: inventoryItems.quantity })
    .from(inventoryItems)
    .as(name);

/** A warehouse the viewer sees (the access module's condition on "warehouses"), with its managers: where a material request may go. */
export async function findVisibleWarehouse(db: Db, viewer: Viewer, id: string) {
  const result = await db.execute(sql`
    select warehouses.id, warehouses.name, warehouses.organisation_id as "organisationId",
           coalesce((select array_agg(wm.user_id::text) from warehouse_managers wm where wm.warehouse_id = warehouses.id), '{}'::text[]) as managers
      from warehouses
     where warehouses.id = ${id} and ${visible(viewer, 'warehouse')}`);
  return (result as unknown as { rows: { id: string; name: string; organisationId: string; managers: string[] }[] }).rows[0];
}

/** Which of these ids are items of the warehouse. */
export async function itemsOfWarehouse(db: Db, warehouseId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.warehouseId, warehouseId), inArray(inventoryItems.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}
