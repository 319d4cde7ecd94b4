import { approvalOperations } from '@amp/contracts/operations/approval';
import { faultOperations as op } from '@amp/contracts/operations/fault';
import type { BodyInput, Operation } from '@amp/contracts/operations/operation';
import { workOrderOperations } from '@amp/contracts/operations/work-order';
import type { SrPriority, SrReceiverType } from '@amp/contracts/service-request';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api-call';
import { assetQueryKeys } from '../../lib/queries/assets';
import { faultQueryKeys } from '../../lib/queries/faults';

/** The decisions the fault page takes through the API (`convert` comes with the service request and work order issues). */
export type FaultDecision = { action: 'approve' } | ({ action: 'return' | 'reject' } & BodyInput<typeof op.reject>);

/** Every decision takes the fault's id and answers it as it now is; its body is its own (FaultDecision). */
type DecisionOperation = Operation<(typeof op.approve)['params'], undefined, z.ZodType, (typeof op.approve)['response']>;

/**
 * The step of its action (POST /v2/fault/approve/:id, /return/:id, /reject/:id). Afterwards (and
 * after a 409, when someone else decided first) the fault, the lists, the counts and the assets'
 * open-fault markers are read again.
 */
export function useDecideFault(id: string) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: faultQueryKeys.all });
    await queryClient.invalidateQueries({ queryKey: assetQueryKeys.all });
  };
  return useMutation({
    mutationFn: (decision: FaultDecision) =>
      call(op[decision.action] as DecisionOperation, {
        params: { id },
        body: decision.action === 'approve' ? {} : { reason: decision.reason },
      }),
    onSettled: refresh,
  });
}

/** One free cost line of a work order raised from a fault: a name, a price in naira and a quantity. */
export interface FaultWoLineBody {
  name: string;
  price: string;
  quantity: number;
}

/** What POST /v2/wo/fault/:faultId takes (the fault gives the description and the asset). */
export interface FaultWorkOrderBody {
  title?: string;
  priority: SrPriority;
  receiverType: SrReceiverType;
  provider: string;
  dueDate: string | null;
  lines: FaultWoLineBody[];
  submit: boolean;
}

/** The work order pages read under 'work-orders' (features/work-orders); what is raised here joins them. */
const WORK_ORDERS_ROOT = ['work-orders'] as const;

/** The providers of a receiver type a work order about the asset can go to (asked for every type to find the holder). */
export function woProvidersQuery(receiverType: SrReceiverType, asset: string) {
  return {
    queryKey: [...WORK_ORDERS_ROOT, 'providers', 'fault', receiverType, asset] as const,
    queryFn: () => call(workOrderOperations.providers, { query: { receiverType, asset } }),
    staleTime: 30_000,
  };
}

/** The owner's approval levels for work orders, to tell which a total needs (readable by configurers and approvers only). */
export function useWoApprovalLevels(enabled: boolean) {
  return useQuery({
    queryKey: [...WORK_ORDERS_ROOT, 'approval-levels', 'fault-preview'] as const,
    queryFn: () => call(approvalOperations.levels, { params: { type: 'wo' } }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * POST /v2/wo/fault/:faultId: the owner raises a work order on the fault, which is converted.
 * Afterwards (and after a 409, when someone decided the fault first) the faults, the assets'
 * markers and the work order lists are read again.
 */
export function useRaiseWorkOrderFromFault(faultId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FaultWorkOrderBody) => call(workOrderOperations.raiseFromFault, { params: { faultId }, body }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: faultQueryKeys.all });
      await queryClient.invalidateQueries({ queryKey: assetQueryKeys.all });
      await queryClient.invalidateQueries({ queryKey: WORK_ORDERS_ROOT });
    },
  });
}
