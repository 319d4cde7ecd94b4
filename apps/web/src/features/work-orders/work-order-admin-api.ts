import { configurationOperations } from '@amp/contracts/operations/configuration';
import { workOrderOperations } from '@amp/contracts/operations/work-order';
import type { WoApprovalRow, WoApprovalView, WoConfiguration, WoDetail } from '@amp/contracts/work-order';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalLevelsSource } from '../../components/workflow/approval-levels-api';
import type { Page } from '../../lib/api';
import { call, callAnswer } from '../../lib/api-call';

/**
 * The owner's work order administration: its approval levels (read and changed through
 * components/workflow/approval-levels-api.ts under this root), its work order configuration, and
 * the approvers' Approval Requests list with its approve / reject call (packages/contracts/src/
 * work-order.ts names each answer).
 *
 * Everything about work orders lives under 'work-orders', so a decision here also refreshes the
 * work order lists, counts and detail pages that read under the same root.
 */

export type { WoApprovalRow, WoApprovalView, WoConfiguration, WoDetail };

/** The owner's work order approval levels (type `wo`), under the work orders' root. */
export const WO_APPROVAL_LEVELS: ApprovalLevelsSource = { type: 'wo', root: 'work-orders' };

/** What POST /v2/configuration/create and PUT /v2/configuration/update/:id take for work orders (besides `type`). */
export interface WoConfigurationBody {
  codePrefix: string;
  reminderHours: number;
  escalationHours: number;
  recallDays: number;
}

/** page, pageSize, search and the view (awaiting or approved), as kept in the URL. */
export type WoApprovalListQuery = Record<string, string | number | undefined> & { view: WoApprovalView };

export const workOrderAdminKeys = {
  all: ['work-orders'] as const,
  configuration: ['work-orders', 'configuration'] as const,
  approvals: ['work-orders', 'approvals'] as const,
  approvalList: (query: WoApprovalListQuery) => ['work-orders', 'approvals', query] as const,
  counts: ['work-orders', 'counts'] as const,
};

/** GET /v2/configuration/created/wo: the owner's configuration (the defaults, `_id` null, until one is saved). */
export function useWoConfiguration() {
  return useQuery({
    queryKey: workOrderAdminKeys.configuration,
    queryFn: () => call(configurationOperations.workOrder),
  });
}

/** Creates the configuration (no `_id` yet) or changes it; the API answers the configuration of the type sent: a work order's here. */
export function useSaveWoConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: WoConfigurationBody }) =>
      (id
        ? call(configurationOperations.update, { params: { id }, body: { type: 'wo', ...body } })
        : call(configurationOperations.create, { body: { type: 'wo', ...body } })) as Promise<WoConfiguration>,
    onSuccess: (saved) => queryClient.setQueryData(workOrderAdminKeys.configuration, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workOrderAdminKeys.configuration }),
  });
}

/** One page of GET /v2/wo/sent/approval: what awaits the caller's approval, or what they approved. */
export function useWoApprovals(query: WoApprovalListQuery) {
  return useQuery({
    queryKey: workOrderAdminKeys.approvalList(query),
    queryFn: (): Promise<Page<WoApprovalRow>> => callAnswer(workOrderOperations.approvals, { query }),
    placeholderData: keepPreviousData,
  });
}

/** How many steps await the caller's approval (the `approvals` of GET /v2/wo/counts). */
export function useWoApprovalCount() {
  return useQuery({
    queryKey: workOrderAdminKeys.counts,
    queryFn: () => call(workOrderOperations.counts),
    select: (counts) => counts.approvals,
  });
}

/**
 * POST /v2/wo/approve/:id: approve the step awaiting the caller, or reject it back to the creator
 * with a reason. Afterwards (and after a 409, when another approver acted first or the work order
 * changed) every work order read is refreshed.
 */
export function useDecideWoApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
      call(workOrderOperations.approve, { params: { id }, body: approve ? { approve } : { approve, reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workOrderAdminKeys.all }),
  });
}
