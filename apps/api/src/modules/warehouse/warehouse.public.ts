import { and, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { warehouses } from '../../db/schema/warehouse.js';

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
