import type { MaterialRequest, MrTab, materialRequestSummarySchema } from '@amp/contracts/material-request';
import { materialRequestOperations as op } from '@amp/contracts/operations/material-request';
import type { BodyInput, Operation } from '@amp/contracts/operations/operation';
import { workOrderOperations } from '@amp/contracts/operations/work-order';
import type { WoSummary } from '@amp/contracts/work-order';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, callAnswer, callPath } from '../../lib/api-call';
import { type InventoryItem, useWarehouseItems, useWarehouses, type Warehouse, warehouseQueryKeys } from '../../lib/queries/warehouses';
import { sendOrQueue } from '../../offline/outbox/send-or-queue';

/**
 * The material request pages' reads and calls (packages/contracts/src/material-request.ts names each
 * answer). Everything lives under 'material-requests', so one invalidation after a decision refreshes
 * the lists, the tab counts and the request; a decision also moves stock and a work order's
 * materials cost, so those are read again too.
 */

export type { InventoryItem, MaterialRequest, MrTab, Warehouse, WoSummary };
export type MaterialRequestSummary = z.infer<typeof materialRequestSummarySchema>;

/** What POST /v2/material-request/create takes. */
export type MaterialRequestInput = BodyInput<typeof op.create>;

/** tab, page, pageSize, search, sort, order and the filters, as kept in the URL. */
export type MaterialRequestListQuery = Record<string, string | number | undefined>;

export const materialRequestKeys = {
  all: ['material-requests'] as const,
  list: (query: MaterialRequestListQuery) => ['material-requests', 'list', query] as const,
  counts: ['material-requests', 'counts'] as const,
  detail: (id: string) => ['material-requests', 'detail', id] as const,
  workOrders: (tab: string, search: string) => ['material-requests', 'work-orders', tab, search] as const,
  workOrder: (id: string) => ['material-requests', 'work-order', id] as const,
};

/** One page of GET /v2/material-request; the old page stays on screen while the next one loads. */
export function useMaterialRequestList(query: MaterialRequestListQuery) {
  return useQuery({
    queryKey: materialRequestKeys.list(query),
    queryFn: () => callAnswer(op.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useMaterialRequestCounts() {
  return useQuery({ queryKey: materialRequestKeys.counts, queryFn: () => call(op.counts) });
}

/** One request with its lines, what is on hand now and what the caller may do (GET /v2/material-request/:id). */
export function useMaterialRequest(id: string) {
  return useQuery({
    queryKey: materialRequestKeys.detail(id),
    queryFn: () => call(op.detail, { params: { id } }),
    enabled: id !== '',
  });
}

/**
 * The warehouses of the caller's organisation, for the form and the filter (the shared read of
 * lib/queries/warehouses.ts). An organisation keeps a handful, so the first hundred are all of them.
 */
export function useWarehouseOptions() {
  return useWarehouses(WAREHOUSE_OPTIONS);
}

const WAREHOUSE_OPTIONS = { pageSize: 100, sort: 'name' };
const PICKER_PAGE_SIZE = 30;

/** A warehouse's items matching a search, with what each holds now. */
export function useWarehouseItemOptions(warehouse: string, search: string, enabled: boolean) {
  return useWarehouseItems(warehouse, { search: search || undefined, pageSize: PICKER_PAGE_SIZE, sort: 'name' }, { enabled });
}

/** The work orders the caller works on (a provider's Incoming) or raised (an owner's Outgoing), for the form. */
export function useWorkOrderOptions(tab: 'incoming' | 'outgoing', search: string, enabled: boolean) {
  return useQuery({
    queryKey: materialRequestKeys.workOrders(tab, search),
    queryFn: () => callAnswer(workOrderOperations.list, { query: { tab, search: search || undefined, pageSize: 20 } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The work order a request is started from (`?workOrder=`), for its code and title. */
export function useWorkOrderRef(id: string) {
  return useQuery({
    queryKey: materialRequestKeys.workOrder(id),
    queryFn: () => call(workOrderOperations.detail, { params: { id } }),
    enabled: id !== '',
    retry: false,
  });
}

/** After any change: the requests, and the stock and work orders a decision touches. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: materialRequestKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['work-orders'] }),
      queryClient.invalidateQueries({ queryKey: warehouseQueryKeys.all }),
    ]);
}

/**
 * POST /v2/material-request/create, through the outbox: offline the request is kept on the device
 * and sent when the device is online (`queued`). `warehouse` names it in the sync panel.
 */
export function useCreateMaterialRequest() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    // Not paused while offline (the default): offline the outbox keeps the request.
    networkMode: 'always',
    mutationFn: ({ body, warehouse }: { body: MaterialRequestInput; warehouse: string }) =>
      sendOrQueue<MaterialRequest>({
        kind: 'mr.create',
        description: { warehouse },
        method: 'POST',
        path: callPath(op.create),
        body,
      }),
    onSuccess: (result) => {
      if (result.queued) return;
      queryClient.setQueryData(materialRequestKeys.detail(result.data._id), result.data);
      return refresh();
    },
  });
}

type MrStepAction = 'accept' | 'reject' | 'cancel';
/** A decision or the requester's cancelling, each with its operation's body (no lines named: every pending line). */
export type MrStep = {
  [A in MrStepAction]: { action: A } & ([BodyInput<(typeof op)[A]>] extends [undefined] ? object : BodyInput<(typeof op)[A]>);
}[MrStepAction];

/** Every step takes the request's id and answers it as it now is; its body is its own (MrStep). */
type StepOperation = Operation<(typeof op.accept)['params'], undefined, z.ZodType, (typeof op.accept)['response']>;

/**
 * The step of its action (POST /v2/material-request/{accept|reject|cancel}/:id). Its answer replaces the request on screen;
 * afterwards (and after a 409: short stock, or another manager decided first) everything is read
 * again, so the quantities on hand shown are the ones the refusal speaks of.
 */
export function useMaterialRequestStep(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ action, ...body }: MrStep) => call(op[action] as StepOperation, { params: { id }, body }),
    onSuccess: (request) => queryClient.setQueryData(materialRequestKeys.detail(id), request),
    onSettled: refresh,
  });
}
