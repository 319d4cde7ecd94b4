/**
 * What other modules may use of warehouses. The one way stock moves, for the material request and
 * purchase order modules: every movement goes through `moveStock` inside the caller's write. For
 * the import pipeline: the warehouse an inventory import fills (the caller must manage it) and the
 * writer of a checked inventory file.
 */
export {
  type InventoryDescriptionField,
  type InventoryImportRow,
  identityKey,
  writeInventoryImport,
} from './inventory-import.service.js';
export { itemFor, moveStock, notifyIfLow } from './stock-ledger.js';
export { managesWarehouse } from './warehouse.reach.js';
export { warehouseNameOf } from './warehouse.repository.js';
export { managedWarehouse, warehouseOf } from './warehouse.service.js';
