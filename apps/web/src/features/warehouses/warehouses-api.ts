import type { NamedRef } from '@amp/contracts/user';
import type {
  inventoryItemSchema,
  inventoryItemUpdateSchema,
  StockCountInput,
  StockMoveInput,
  StockMovement,
  StockReverseInput,
  StockTransferInput,
  warehouseSchema,
  warehouseUpdateSchema,
} from '@amp/contracts/warehouse';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ImportEndpoints } from '../../components/import/import-api';
import type { ImportTexts } from '../../components/import/import-status';
import { api, downloadAs } from '../../lib/api';
import { type InventoryItem, type Warehouse, type WarehouseQuery, warehouseQueryKeys } from '../../lib/queries/warehouses';

/**
 * The warehouse pages' calls (packages/contracts/src/warehouse.ts names each answer). The reads
 * other features share are in lib/queries/warehouses.ts; everything is kept under 'warehouses', so
 * a write refreshes the lists, the warehouse's figures, the item and the movements at once.
 */

export type { InventoryItem, StockMovement, Warehouse, WarehouseQuery };

/** The bodies as sent (before the API's schema converts them: naira to kobo, a state to its alias). */
export type WarehouseBody = z.input<typeof warehouseSchema>;
export type WarehouseUpdateBody = z.input<typeof warehouseUpdateSchema>;
export type InventoryItemBody = z.input<typeof inventoryItemSchema>;
export type InventoryItemUpdateBody = z.input<typeof inventoryItemUpdateSchema>;

/** A member of staff who may manage a warehouse (GET /v2/warehouse/manager-options). */
export type ManagerOption = NamedRef & { role?: string };

/** What a stock movement answers: the item as it now stands and the movement(s) written. */
export interface StockMoveResult {
  item: InventoryItem;
  movements: StockMovement[];
}

/** The four movements made by hand on an item, and the body each takes. */
export type StockAction =
  | { kind: 'stock-in'; body: StockMoveInput }
  | { kind: 'stock-out'; body: StockMoveInput }
  | { kind: 'transfer'; body: StockTransferInput }
  | { kind: 'count'; body: StockCountInput };
export type StockActionKind = StockAction['kind'];

const keys = {
  managers: ['warehouses', 'manager-options'] as const,
  movements: (scope: 'warehouse' | 'item', id: string, query: WarehouseQuery) => ['warehouses', 'movements', scope, id, query] as const,
};

/** The organisation's staff who may manage a warehouse, asked when the form opens. */
export function useManagerOptions(enabled: boolean) {
  return useQuery({
    queryKey: keys.managers,
    queryFn: () => api.get<ManagerOption[]>('/v2/warehouse/manager-options'),
    enabled,
    staleTime: 60_000,
  });
}

/** A warehouse's movements (`scope` warehouse) or an item's, newest first, paged. */
export function useMovements(scope: 'warehouse' | 'item', id: string, query: WarehouseQuery) {
  return useQuery({
    queryKey: keys.movements(scope, id, query),
    queryFn: () =>
      api.page<StockMovement>(scope === 'warehouse' ? `/v2/warehouse/${id}/movements` : `/v2/warehouse/item/${id}/movements`, query),
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
  return useWarehouseWrite((input: WarehouseBody) => api.post<Warehouse>('/v2/warehouse/create', input));
}

export function useUpdateWarehouse() {
  return useWarehouseWrite(({ id, input }: { id: string; input: WarehouseUpdateBody }) =>
    api.put<Warehouse>(`/v2/warehouse/update/${id}`, input),
  );
}

/** A new item of a warehouse, with its opening quantity. */
export function useCreateItem(warehouseId: string) {
  return useWarehouseWrite((input: InventoryItemBody) => api.post<InventoryItem>(`/v2/warehouse/${warehouseId}/item`, input));
}

/** An item's description, price and reorder level (never its quantity). */
export function useUpdateItem() {
  return useWarehouseWrite(({ id, input }: { id: string; input: InventoryItemUpdateBody }) =>
    api.put<InventoryItem>(`/v2/warehouse/item/${id}`, input),
  );
}

/** Stock in, stock out, a transfer or a count on one item. */
export function useStockAction() {
  return useWarehouseWrite(({ itemId, action }: { itemId: string; action: StockAction }) =>
    api.post<StockMoveResult>(`/v2/warehouse/item/${itemId}/${action.kind}`, action.body),
  );
}

/** Undoes a movement by its opposite. */
export function useReverseMovement() {
  return useWarehouseWrite(({ id, body }: { id: string; body: StockReverseInput }) =>
    api.post<StockMoveResult>(`/v2/warehouse/movement/${id}/reverse`, body),
  );
}

/** The warehouse's inventory as a file, in the columns the import reads. */
export const downloadInventory = (warehouse: Pick<Warehouse, '_id' | 'name'>, format: 'csv' | 'xlsx') =>
  downloadAs(`/v2/warehouse/${warehouse._id}/export?format=${format}`, `inventory.${format}`);

/** The opening inventory of a warehouse from a file, through the shared import pages (components/import). */
export function inventoryImportEndpoints(warehouseId: string): ImportEndpoints {
  return {
    key: 'inventory-imports',
    upload: `/v2/warehouse/${warehouseId}/import`,
    job: (id) => `/v2/warehouse/import/${id}`,
    errors: (id) => `/v2/warehouse/import/${id}/errors`,
    list: `/v2/warehouse/${warehouseId}/imports`,
    template: (format) => ({ path: `/v2/warehouse/import/template?format=${format}`, fileName: `inventory-import-template.${format}` }),
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
