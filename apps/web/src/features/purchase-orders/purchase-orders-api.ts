import type {
  PoCreateInput,
  PoDetail,
  PoLine,
  PoStatus,
  PoSummary,
  PoUpdateInput,
  poApprovalRowSchema,
  poCountsSchema,
  supplierOptionSchema,
} from '@amp/contracts/purchase-order';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CostLineBody } from '../../components/forms/cost-lines';
import type { ApprovalLevelsSource } from '../../components/workflow/approval-levels-api';
import type { ApprovalView } from '../../components/workflow/approval-requests-list';
import { api } from '../../lib/api';
import { warehouseQueryKeys } from '../../lib/queries/warehouses';

/**
 * The purchase order pages' reads and calls (packages/contracts/src/purchase-order.ts names each
 * answer). Everything lives under 'purchase-orders', so one invalidation after a step refreshes the
 * lists, the counts, the approvals and the order. Every step answers the order as it now is, which
 * replaces the one on screen at once.
 */

export type { PoDetail, PoLine, PoStatus, PoSummary };
export type PoApprovalRow = z.infer<typeof poApprovalRowSchema>;
export type PoCounts = z.infer<typeof poCountsSchema>;
export type SupplierOption = z.infer<typeof supplierOptionSchema>;

/** tab, page, pageSize, search, sort, order and the status filter, as kept in the URL. */
export type PoListQuery = Record<string, string | number | undefined>;

/** What POST /v2/purchase-order/create takes, its lines as typed (the contract coerces nothing). */
export type PoCreateBody = Omit<PoCreateInput, 'lines'> & { lines: CostLineBody[] };
export type PoUpdateBody = Omit<PoUpdateInput, 'lines'> & { lines: CostLineBody[] };

export const poQueryKeys = {
  all: ['purchase-orders'] as const,
  list: (query: PoListQuery) => ['purchase-orders', 'list', query] as const,
  approvals: (query: PoListQuery) => ['purchase-orders', 'approvals', query] as const,
  counts: ['purchase-orders', 'counts'] as const,
  detail: (id: string) => ['purchase-orders', 'detail', id] as const,
  suppliers: (search: string) => ['purchase-orders', 'suppliers', search] as const,
};

/** The buyer's purchase order approval levels (type `po`), under the purchase orders' root. */
export const PO_APPROVAL_LEVELS: ApprovalLevelsSource = { type: 'po', root: 'purchase-orders' };

/** One page of a list (GET /v2/purchase-order?tab=...); the old page stays on screen while the next one loads. */
export function usePoList(query: PoListQuery) {
  return useQuery({
    queryKey: poQueryKeys.list(query),
    queryFn: () => api.page<PoSummary>('/v2/purchase-order', query),
    placeholderData: keepPreviousData,
  });
}

/**
 * One page of the approver's list (GET /v2/purchase-order?tab=approval): the orders awaiting the
 * reader's approval first, then those they approved; each row's label tells which.
 */
export function usePoApprovals(query: PoListQuery & { view?: ApprovalView }) {
  return useQuery({
    queryKey: poQueryKeys.approvals(query),
    queryFn: () => api.page<PoApprovalRow>('/v2/purchase-order', { ...query, tab: 'approval' }),
    placeholderData: keepPreviousData,
  });
}

/** The lists' counts and the steps awaiting the reader (GET /v2/purchase-order/counts). */
export function usePoCounts() {
  return useQuery({ queryKey: poQueryKeys.counts, queryFn: () => api.get<PoCounts>('/v2/purchase-order/counts') });
}

/** One purchase order with everything its page and its print show, and what the reader may do now. */
export function usePurchaseOrder(id: string) {
  return useQuery({
    queryKey: poQueryKeys.detail(id),
    queryFn: () => api.get<PoDetail>(`/v2/purchase-order/${id}`),
    enabled: id !== '',
  });
}

/** The active suppliers a buyer may order from, by name (GET /v2/purchase-order/suppliers). */
export function useSuppliers(search: string, enabled: boolean) {
  return useQuery({
    queryKey: poQueryKeys.suppliers(search),
    queryFn: () => api.page<SupplierOption>('/v2/purchase-order/suppliers', { search: search || undefined, pageSize: 30 }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** POST /v2/purchase-order/create. */
export function useCreatePurchaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PoCreateBody) => api.post<PoDetail>('/v2/purchase-order/create', body),
    onSuccess: (detail) => {
      queryClient.setQueryData(poQueryKeys.detail(detail._id), detail);
      return queryClient.invalidateQueries({ queryKey: poQueryKeys.all });
    },
  });
}

/** PUT /v2/purchase-order/update/:id; a 409 (it moved on meanwhile) reads it again too. */
export function useUpdatePurchaseOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PoUpdateBody) => api.put<PoDetail>(`/v2/purchase-order/update/${id}`, body),
    onSuccess: (detail) => queryClient.setQueryData(poQueryKeys.detail(id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: poQueryKeys.all }),
  });
}

/** Quantities per line, as a delivery or a receipt sends them. */
export interface PoQuantityLine {
  line: string;
  quantity: number;
}

/** The steps the detail page offers, with what each one sends. */
export type PoStep =
  | { action: 'submit' | 'accept' }
  | { action: 'approve'; body: { approve: boolean; reason?: string } }
  | { action: 'cancel' | 'decline'; body: { reason: string } }
  | { action: 'close'; body: { reason?: string } }
  | { action: 'dispatch'; body: { note?: string; lines: PoQuantityLine[] } }
  | { action: 'receive'; body: { warehouse?: string; note?: string; lines: PoQuantityLine[] } };

const STEP_PATHS: Record<PoStep['action'], string> = {
  submit: 'submit',
  approve: 'approve',
  cancel: 'cancel',
  accept: 'sent/accept',
  decline: 'sent/decline',
  dispatch: 'dispatch',
  receive: 'confirmation/supply',
  close: 'close',
};

/**
 * One step of a purchase order (POST /v2/purchase-order/{step}/:id). Its answer replaces the order
 * on screen; afterwards (and after a 409, when someone acted first) every purchase order read is
 * refreshed, and after a receipt the warehouses too, whose stock it raised.
 */
export function usePurchaseOrderStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: PoStep) =>
      api.post<PoDetail>(`/v2/purchase-order/${STEP_PATHS[step.action]}/${id}`, 'body' in step ? step.body : {}),
    onSuccess: (detail) => queryClient.setQueryData(poQueryKeys.detail(id), detail),
    onSettled: (_detail, _error, step) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: poQueryKeys.all }),
        step.action === 'receive' ? queryClient.invalidateQueries({ queryKey: warehouseQueryKeys.all }) : null,
      ]),
  });
}

/** POST /v2/purchase-order/approve/:id from the approver's list (approve, or reject with a reason). */
export function useDecidePoApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
      api.post<PoDetail>(`/v2/purchase-order/approve/${id}`, approve ? { approve } : { approve, reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: poQueryKeys.all }),
  });
}
