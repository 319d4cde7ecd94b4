import { observationDecisionOperations } from '@amp/contracts/operations/observation-decision';
import type { BodyInput } from '@amp/contracts/operations/operation';
import { serviceRequestOperations as op } from '@amp/contracts/operations/service-request';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-call';
import { type SrDetail, serviceRequestQueryKeys } from '../../lib/queries/service-requests';

/**
 * The actions of a request's page. Every call answers the updated request, which replaces the one
 * on screen at once; afterwards (and after a 409, when someone else acted first) the lists, the
 * counts and the request are read again, so a stale page never stays.
 */
function useRequestMutation<Variables>(id: string, call: (variables: Variables) => Promise<SrDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => queryClient.setQueryData(serviceRequestQueryKeys.detail(id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceRequestQueryKeys.all }),
  });
}

/** POST /v2/sr/sent/accept/:id: the provider accepts (the response clock stops). */
export function useAcceptServiceRequest(id: string) {
  return useRequestMutation(id, () => call(op.accept, { params: { id } }));
}

/** POST /v2/sr/sent/decline/:id: the provider declines, telling the owner why. */
export function useDeclineServiceRequest(id: string) {
  return useRequestMutation(id, (body: BodyInput<typeof op.decline>) => call(op.decline, { params: { id }, body }));
}

/** POST /v2/sr/assign/:id: staff added to those already assigned. */
export function useAssignServiceRequest(id: string) {
  return useRequestMutation(id, (body: BodyInput<typeof op.assign>) => call(op.assign, { params: { id }, body }));
}

/** POST /v2/sr/close/:id: the owner closes the request, with an optional note. */
export function useCloseServiceRequest(id: string) {
  return useRequestMutation(id, ({ note }: { note?: string }) => call(op.close, { params: { id }, body: note ? { note } : {} }));
}

/** POST /v2/observation/accept/:observationId: the owner accepts the observation waiting, or rejects it with a reason. */
export function useDecideObservation(serviceRequestId: string) {
  return useRequestMutation(serviceRequestId, ({ observationId, ...decision }: DecisionBody & { observationId: string }) =>
    call(observationDecisionOperations.decideObservation, { params: { id: observationId }, body: decision }),
  );
}

/** The owner's decision on an observation: accept, or reject with a reason (a work order is raised below). */
type DecisionBody = BodyInput<typeof observationDecisionOperations.decideObservation>;

/** What a work order raised from an observation takes besides it (the defaults: the request's title and priority, submitted now). */
export type ObservationWorkOrderBody = NonNullable<DecisionBody['workOrder']>;

/**
 * POST /v2/observation/accept/:observationId with `action: 'work_order'`: the owner accepts the
 * observation and raises a work order for the same provider with its lines and evidence. Answers
 * the request, whose observation then names the work order; the work order lists are read again too.
 */
export function useRaiseWorkOrderFromObservation(serviceRequestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ observationId, workOrder }: { observationId: string; workOrder: ObservationWorkOrderBody }) =>
      call(observationDecisionOperations.decideObservation, { params: { id: observationId }, body: { action: 'work_order', workOrder } }),
    onSuccess: (detail) => queryClient.setQueryData(serviceRequestQueryKeys.detail(serviceRequestId), detail),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: serviceRequestQueryKeys.all });
      // The work order pages read under 'work-orders' (features/work-orders): a new one joins their lists.
      await queryClient.invalidateQueries({ queryKey: ['work-orders'] });
    },
  });
}
