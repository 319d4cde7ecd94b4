import type { BodyInput, Operation } from '@amp/contracts/operations/operation';
import { purchaseOrderOperations as op } from '@amp/contracts/operations/purchase-order';
import type {
  PoDetail,
  PoLine,
  PoStatus,
  PoSummary,
  poApprovalPageAnswer,
  poApprovalRowSchema,
  poPageAnswer,
  supplierOptionSchema,
} from '@amp/contracts/purchase-order';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CostLineBody } from '../../components/forms/cost-lines';
import type { ApprovalLevelsSource } from '../../components/workflow/approval-levels-api';
import type { ApprovalView } from '../../components/workflow/approval-requests-list';
import { call, callAnswer, type WithLines } from '../../lib/api-call';
import { warehouseQueryKeys } from '../../lib/queries/warehouses';

/**
 * The purchase order pages' reads and calls (packages/contracts/src/purchase-order.ts names each
 * answer). Everything lives under 'purchase-orders', so one invalidation after a step refreshes the
 * lists, the counts, the approvals and the order. Every step answers the order as it now is, which
 * replaces the one on screen at once.
 */

export type { PoDetail, PoLine, PoStatus, PoSummary };
export type PoApprovalRow = z.infer<typeof poApprovalRowSchema>;
export type SupplierOption = z.infer<typeof supplierOptionSchema>;

/** tab, page, pageSize, search, sort, order and the status filter, as kept in the URL. */
export type PoListQuery = Record<string, string | number | undefined>;

/** What POST /v2/purchase-order/create takes, its lines as the form sends them (components/forms/cost-lines.ts). */
export type PoCreateBody = WithLines<BodyInput<typeof op.create>, CostLineBody>;
/** What PUT /v2/purchase-order/update/:id takes. */
export type PoUpdateBody = WithLines<BodyInput<typeof op.update>, CostLineBody>;

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
    // The list's tab is not `approval` here, so the answer is a page of orders (usePoApprovals reads the other).
    queryFn: () => callAnswer(op.list, { query }) as Promise<z.output<typeof poPageAnswer>>,
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
    queryFn: () => callAnswer(op.list, { query: { ...query, tab: 'approval' } }) as Promise<z.output<typeof poApprovalPageAnswer>>,
    placeholderData: keepPreviousData,
  });
}

/** The lists' counts and the steps awaiting the reader (GET /v2/purchase-order/counts). */
export function usePoCounts() {
  return useQuery({ queryKey: poQueryKeys.counts, queryFn: () => call(op.counts) });
}

/** One purchase order with everything its page and its print show, and what the reader may do now. */
export function usePurchaseOrder(id: string) {
  return useQuery({
    queryKey: poQueryKeys.detail(id),
    queryFn: () => call(op.detail, { params: { id } }),
    enabled: id !== '',
  });
}

/** The active suppliers a buyer may order from, by name (GET /v2/purchase-order/suppliers). */
export function useSuppliers(search: string, enabled: boolean) {
  return useQuery({
    queryKey: poQueryKeys.suppliers(search),
    queryFn: () => callAnswer(op.suppliers, { query: { search: search || undefined, pageSize: 30 } }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** POST /v2/purchase-order/create. */
export function useCreatePurchaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PoCreateBody) => call(op.create, { body: body as unknown as BodyInput<typeof op.create> }),
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
    mutationFn: (body: PoUpdateBody) => call(op.update, { params: { id }, body: body as unknown as BodyInput<typeof op.update> }),
    onSuccess: (detail) => queryClient.setQueryData(poQueryKeys.detail(id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: poQueryKeys.all }),
  });
}

/** The workflow steps the detail page offers: each is the operation of its action, and sends that operation's body. */
type StepAction = 'submit' | 'accept' | 'approve' | 'cancel' | 'decline' | 'close' | 'dispatch' | 'receive';
export type PoStep = {
  [A in StepAction]: [BodyInput<(typeof op)[A]>] extends [undefined]
    ? { action: A }
    : { action: A; body: NonNullable<BodyInput<(typeof op)[A]>> };
}[StepAction];

/** Every step takes the order's id and answers it as it now is; its body is its own (PoStep). */
type StepOperation = Operation<z.ZodType, undefined, z.ZodType, (typeof op.submit)['response']>;

/** The path parameters naming the order in its step's path (the accept step's names it `_id`, as the mobile apps call it). */
const stepParams = (action: StepAction, id: string) => (action === 'accept' ? { _id: id } : { id });

/**
 * One step of a purchase order (its action's operation). Its answer replaces the order
 * on screen; afterwards (and after a 409, when someone acted first) every purchase order read is
 * refreshed, and after a receipt the warehouses too, whose stock it raised.
 */
export function usePurchaseOrderStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: PoStep) =>
      call(op[step.action] as StepOperation, { params: stepParams(step.action, id), body: 'body' in step ? step.body : {} }),
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
      call(op.approve, { params: { id }, body: approve ? { approve } : { approve, reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: poQueryKeys.all }),
  });
}
