import type { ApprovalLevel } from '@amp/contracts/approval';
import { approvalOperations } from '@amp/contracts/operations/approval';
import type { BodyInput, Operation } from '@amp/contracts/operations/operation';
import { workOrderOperations as op } from '@amp/contracts/operations/work-order';
import type { PricebookItem, PricebookKind } from '@amp/contracts/pricebook';
import type { WoCounts, WoDetail, WoLine, WoSummary } from '@amp/contracts/work-order';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CostLineBody } from '../../components/forms/cost-lines';
import type { ProviderQuery, ProviderSource } from '../../components/forms/provider-options-api';
import { call, callAnswer, callPath, type WithLines } from '../../lib/api-call';
import { type SendOrQueueResult, sendOrQueue } from '../../offline/outbox/send-or-queue';

/**
 * The work order pages' reads and calls (packages/contracts/src/work-order.ts names each answer).
 * Everything lives under 'work-orders', so one invalidation after an action refreshes the lists,
 * the tab counts, the detail and the staff a provider may assign. Every step answers the work
 * order as it now is, which replaces the one on screen at once.
 */

export type { ApprovalLevel, PricebookItem, PricebookKind, WoCounts, WoDetail, WoLine, WoSummary };

/** tab, page, pageSize, search, sort, order and the filters, as kept in the URL. */
export type WorkOrderListQuery = Record<string, string | number | undefined>;

/** One line as sent: from the provider's pricebook (its price is copied then), or free (naira). */
export type WoLineBody = CostLineBody;

type WithFormLines<Body> = WithLines<Body, WoLineBody>;

/** What POST /v2/wo/create takes. */
export type WoCreateBody = WithFormLines<BodyInput<typeof op.create>>;

/** What PUT /v2/wo/update/:id takes (the asset, the provider and the files stay as they are). */
export type WoUpdateBody = WithFormLines<BodyInput<typeof op.update>>;

export const workOrderQueryKeys = {
  all: ['work-orders'] as const,
  list: (query: WorkOrderListQuery) => ['work-orders', 'list', query] as const,
  counts: ['work-orders', 'counts'] as const,
  detail: (id: string) => ['work-orders', 'detail', id] as const,
  staff: (id: string) => ['work-orders', 'staff', id] as const,
  providers: (query: ProviderQuery) => ['work-orders', 'providers', query] as const,
  /** Under the levels' own key (work-order-admin-api.ts), so a change to a level refreshes the preview too. */
  levels: ['work-orders', 'approval-levels', 'form-preview'] as const,
};

/** One page of GET /v2/wo; the old page stays on screen while the next one loads. */
export function useWorkOrderList(query: WorkOrderListQuery) {
  return useQuery({
    queryKey: workOrderQueryKeys.list(query),
    queryFn: () => callAnswer(op.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** The four lists' counts and the approvals awaiting the caller (GET /v2/wo/counts). */
export function useWorkOrderCounts() {
  return useQuery({ queryKey: workOrderQueryKeys.counts, queryFn: () => call(op.counts) });
}

/** One work order with everything its page shows and the actions the caller may take (GET /v2/wo/:id). */
export function useWorkOrder(id: string) {
  return useQuery({
    queryKey: workOrderQueryKeys.detail(id),
    queryFn: () => call(op.detail, { params: { id } }),
    enabled: id !== '',
  });
}

/** The provider's staff who can be assigned; asked only while the Assign dialog is open. */
export function useWorkOrderStaff(id: string, enabled: boolean) {
  return useQuery({
    queryKey: workOrderQueryKeys.staff(id),
    queryFn: () => call(op.staff, { params: { id } }),
    enabled,
    staleTime: 30_000,
  });
}

/** The providers the form offers (GET /v2/wo/providers): the holder of the asset first, with the SLA it binds. */
export const WO_PROVIDERS: ProviderSource = { operation: op.providers, queryKey: workOrderQueryKeys.providers };

/**
 * The owner's work order approval levels (GET /v2/approval/wo), for the form's preview. Only those
 * who configure or approve may read them: for anyone else the preview is left out (`enabled`).
 */
export function useWoApprovalLevels(enabled: boolean) {
  return useQuery({
    queryKey: workOrderQueryKeys.levels,
    queryFn: () => call(approvalOperations.levels, { params: { type: 'wo' } }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** POST /v2/wo/create. */
export function useCreateWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WoCreateBody) => call(op.create, { body: body as unknown as BodyInput<typeof op.create> }),
    onSuccess: (detail) => {
      queryClient.setQueryData(workOrderQueryKeys.detail(detail._id), detail);
      return queryClient.invalidateQueries({ queryKey: workOrderQueryKeys.all });
    },
  });
}

/** PUT /v2/wo/update/:id; a 409 (it moved on meanwhile) reads it again too. */
export function useUpdateWorkOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WoUpdateBody) => call(op.update, { params: { id }, body: body as unknown as BodyInput<typeof op.update> }),
    onSuccess: (detail) => queryClient.setQueryData(workOrderQueryKeys.detail(id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workOrderQueryKeys.all }),
  });
}

/** The workflow steps the detail page offers: each is the operation of its action, and sends that operation's body. */
type StepAction =
  | 'submit'
  | 'accept'
  | 'start'
  | 'resume'
  | 'close'
  | 'approve'
  | 'decline'
  | 'hold'
  | 'unsatisfactory'
  | 'end'
  | 'assign'
  | 'complete'
  | 'certify';
export type WoStep =
  | {
      [A in StepAction]: undefined extends BodyInput<(typeof op)[A]>
        ? { action: A }
        : { action: A; body: WithFormLines<BodyInput<(typeof op)[A]>> };
    }[StepAction]
  | { action: 'rate'; body: Omit<BodyInput<typeof op.rate>, 'workOrder'> };

/** Every step takes the work order's id and answers it as it now is; its body is its own (WoStep). */
type StepOperation = Operation<(typeof op.submit)['params'], undefined, z.ZodType, (typeof op.submit)['response']>;

/** The steps a technician may take offline: queued on the device when there is no connection (offline/outbox). */
const QUEUEABLE_STEPS = new Set<WoStep['action']>(['start', 'hold', 'resume', 'complete']);

/**
 * One step of a work order (its action's operation; the rating: POST /v2/user/rate-user/:providerId).
 * Its answer replaces the work order on screen; afterwards (and after a 409, when someone else acted
 * first) the lists, the counts and the work order are read again, so a stale page never stays.
 * The technician's steps go through the outbox: offline they are kept on the device (`queued`) and
 * the page shows them as waiting to send.
 */
export function useWorkOrderStep(order: Pick<WoDetail, '_id' | 'provider' | 'code' | 'updatedAt'>) {
  const queryClient = useQueryClient();
  return useMutation({
    // Not paused while offline (the default): offline the outbox keeps the step.
    networkMode: 'always',
    mutationFn: async (step: WoStep): Promise<SendOrQueueResult<WoDetail>> => {
      if (step.action === 'rate') {
        const rated = await call(op.rate, { params: { id: order.provider._id }, body: { workOrder: order._id, ...step.body } });
        return { queued: false, data: rated };
      }
      const operation = op[step.action];
      const params = { id: order._id };
      const body = 'body' in step ? step.body : {};
      if (!QUEUEABLE_STEPS.has(step.action)) return { queued: false, data: await call(operation as StepOperation, { params, body }) };
      const path = callPath(operation, params);
      return sendOrQueue<WoDetail>({
        kind: `wo.${step.action}`,
        description: { code: order.code },
        method: 'POST',
        path,
        body,
        record: { type: 'wo', id: order._id, code: order.code, updatedAt: order.updatedAt },
      });
    },
    onSuccess: (result) => {
      if (!result.queued) queryClient.setQueryData(workOrderQueryKeys.detail(order._id), result.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: workOrderQueryKeys.all }),
  });
}
