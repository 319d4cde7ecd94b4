import { assetImportOperations as importOp } from '@amp/contracts/operations/asset-import';
import type { BodyInput } from '@amp/contracts/operations/operation';
import { warehouseOperations as op } from '@amp/contracts/operations/warehouse';
import type { NamedRef } from '@amp/contracts/user';
import type { StockMovement } from '@amp/contracts/warehouse';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportEndpoints } from '../../components/import/import-api';
import type { ImportTexts } from '../../components/import/import-status';
import { downloadAs, withQuery } from '../../lib/api';
import { call, callAnswer, callPath } from '../../lib/api-call';
import { type InventoryItem, type Warehouse, type WarehouseQuery, warehouseQueryKeys } from '../../lib/queries/warehouses';

/**
 * The warehouse pages' calls (packages/contracts/src/warehouse.ts names each answer). The reads
 * other features share are in lib/queries/warehouses.ts; everything is kept under 'warehouses', so
 * a write refreshes the lists, the warehouse's figures, the item and the movements at once.
 */

export type { InventoryItem, StockMovement, Warehouse, WarehouseQuery };

/** The bodies as sent (before the API's schema converts them: naira to kobo, a state to its alias). */
export type WarehouseBody = BodyInput<typeof op.create>;
export type WarehouseUpdateBody = BodyInput<typeof op.update>;
export type InventoryItemBody = BodyInput<typeof op.createItem>;
export type InventoryItemUpdateBody = BodyInput<typeof op.updateItem>;

/** A member of staff who may manage a warehouse (GET /v2/warehouse/manager-options). */
export type ManagerOption = NamedRef & { role?: string };

/** What a stock movement answers: the item as it now stands and the movement(s) written. */
export interface StockMoveResult {
  item: InventoryItem;
  movements: StockMovement[];
}

/** The four movements made by hand on an item, and the body each takes. */
export type StockAction =
  | { kind: 'stock-in'; body: BodyInput<typeof op.stockIn> }
  | { kind: 'stock-out'; body: BodyInput<typeof op.stockOut> }
  | { kind: 'transfer'; body: BodyInput<typeof op.transfer> }
  | { kind: 'count'; body: BodyInput<typeof op.count> };
export type StockActionKind = StockAction['kind'];

/** Each stock action's call, by the last part of its path. */
function stockActionCall(itemId: string, action: StockAction) {
  const params = { id: itemId };
  switch (action.kind) {
    case 'stock-in':
      return call(op.stockIn, { params, body: action.body });
    case 'stock-out':
      return call(op.stockOut, { params, body: action.body });
    case 'transfer':
      return call(op.transfer, { params, body: action.body });
    case 'count':
      return call(op.count, { params, body: action.body });
  }
}

const keys = {
  managers: ['warehouses', 'manager-options'] as const,
  movements: (scope: 'warehouse' | 'item', id: string, query: WarehouseQuery) => ['warehouses', 'movements', scope, id, query] as const,
};

/** The organisation's staff who may manage a warehouse, asked when the form opens. */
export function useManagerOptions(enabled: boolean) {
  return useQuery({
    queryKey: keys.managers,
    queryFn: (): Promise<ManagerOption[]> => call(op.managerOptions),
    enabled,
    staleTime: 60_000,
  });
}

/** A warehouse's movements (`scope` warehouse) or an item's, newest first, paged. */
export function useMovements(scope: 'warehouse' | 'item', id: string, query: WarehouseQuery) {
  return useQuery({
    queryKey: keys.movements(scope, id, query),
    queryFn: () => callAnswer(scope === 'warehouse' ? op.movements : op.itemMovements, { params: { id }, query }),
    placeholderData: keepPreviousData,
    enabled: Boolean(id),
  });
}

/** A write under 'warehouses': everything there is read again once it succeeds. */
function useWarehouseWrite<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseQueryKeys.all }) });
}

export function useCreateWarehouse() {
  return useWarehouseWrite((input: WarehouseBody) => call(op.create, { body: input }));
}

export function useUpdateWarehouse() {
  return useWarehouseWrite(({ id, input }: { id: string; input: WarehouseUpdateBody }) => call(op.update, { params: { id }, body: input }));
}

/** A new item of a warehouse, with its opening quantity. */
export function useCreateItem(warehouseId: string) {
  return useWarehouseWrite((input: InventoryItemBody) => call(op.createItem, { params: { id: warehouseId }, body: input }));
}

/** An item's description, price and reorder level (never its quantity). */
export function useUpdateItem() {
  return useWarehouseWrite(({ id, input }: { id: string; input: InventoryItemUpdateBody }) =>
    call(op.updateItem, { params: { id }, body: input }),
  );
}

/** Stock in, stock out, a transfer or a count on one item. */
export function useStockAction() {
  return useWarehouseWrite(
    ({ itemId, action }: { itemId: string; action: StockAction }): Promise<StockMoveResult> => stockActionCall(itemId, action),
  );
}

/** Undoes a movement by its opposite. */
export function useReverseMovement() {
  return useWarehouseWrite(
    ({ id, body }: { id: string; body: BodyInput<typeof op.reverse> }): Promise<StockMoveResult> =>
      call(op.reverse, { params: { id }, body }),
  );
}

/** The warehouse's inventory as a file, in the columns the import reads. */
export const downloadInventory = (warehouse: Pick<Warehouse, '_id' | 'name'>, format: 'csv' | 'xlsx') =>
  downloadAs(withQuery(callPath(op.export, { id: warehouse._id }), { format }), `inventory.${format}`);

/** The opening inventory of a warehouse from a file, through the shared import pages (components/import). */
export function inventoryImportEndpoints(warehouseId: string): ImportEndpoints {
  return {
    key: 'inventory-imports',
    upload: callPath(importOp.inventoryStart, { id: warehouseId }),
    job: (id) => callPath(importOp.inventoryJob, { id }),
    errors: (id) => callPath(importOp.inventoryErrors, { id }),
    list: callPath(importOp.inventoryList, { id: warehouseId }),
    template: (format) => ({
      path: withQuery(callPath(importOp.inventoryTemplate), { format }),
      fileName: `inventory-import-template.${format}`,
    }),
    stale: [warehouseQueryKeys.all],
  };
}

export const inventoryImportTexts: ImportTexts = {
  templateHint: 'warehouses.import.templateHint',
  validating: 'warehouses.import.validating',
  writing: 'warehouses.import.writing',
  written: 'warehouses.import.written',
  errors: 'warehouses.import.errors',
  nothingWritten: 'warehouses.import.nothingWritten',
  viewList: 'warehouses.import.viewList',
};
