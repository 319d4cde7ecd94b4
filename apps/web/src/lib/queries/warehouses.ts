import { warehouseOperations } from '@amp/contracts/operations/warehouse';
import type { InventoryItem, Warehouse } from '@amp/contracts/warehouse';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callAnswer } from '../api-call';

/**
 * The warehouses and their items, as the warehouse pages, the material request form and the
 * purchase order form read them (packages/contracts/src/warehouse.ts). Everything lives under
 * 'warehouses', so one invalidation after a stock movement refreshes every list, figure and item.
 */

export type { InventoryItem, Warehouse };

/** page, pageSize, search, sort, order and the filters, as kept in the URL or typed in a picker. */
export type WarehouseQuery = Record<string, string | number | undefined>;

export const warehouseQueryKeys = {
  all: ['warehouses'] as const,
  list: (query: WarehouseQuery) => ['warehouses', 'list', query] as const,
  detail: (id: string) => ['warehouses', 'detail', id] as const,
  items: (warehouseId: string, query: WarehouseQuery) => ['warehouses', 'items', warehouseId, query] as const,
  item: (id: string) => ['warehouses', 'item', id] as const,
};

/** GET /v2/warehouse: one page of the warehouses the caller sees. */
export function useWarehouses(query: WarehouseQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: warehouseQueryKeys.list(query),
    queryFn: () => callAnswer(warehouseOperations.list, { query }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /v2/warehouse/{id}: one warehouse with its figures; nothing is asked while there is no id. */
export function useWarehouse(id: string | null | undefined) {
  return useQuery({
    queryKey: warehouseQueryKeys.detail(id ?? ''),
    queryFn: () => call(warehouseOperations.detail, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}

/** GET /v2/warehouse/{id}/items: one page of a warehouse's inventory (search, stock all|low|out, sort). */
export function useWarehouseItems(warehouseId: string | null | undefined, query: WarehouseQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: warehouseQueryKeys.items(warehouseId ?? '', query),
    queryFn: () => callAnswer(warehouseOperations.items, { params: { id: warehouseId ?? '' }, query }),
    placeholderData: keepPreviousData,
    enabled: Boolean(warehouseId) && (options.enabled ?? true),
  });
}

/** GET /v2/warehouse/item/{id}: one inventory item as it now stands. */
export function useInventoryItem(id: string | null | undefined) {
  return useQuery({
    queryKey: warehouseQueryKeys.item(id ?? ''),
    queryFn: () => call(warehouseOperations.item, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}
