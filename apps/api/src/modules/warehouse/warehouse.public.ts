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
