import type { ObservationDecisionInput, SrAssignInput, SrPriority } from '@amp/contracts/service-request';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
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
  return useRequestMutation(id, () => api.post<SrDetail>(`/v2/sr/sent/accept/${id}`));
}

/** POST /v2/sr/sent/decline/:id: the provider declines, telling the owner why. */
export function useDeclineServiceRequest(id: string) {
  return useRequestMutation(id, ({ reason }: { reason: string }) => api.post<SrDetail>(`/v2/sr/sent/decline/${id}`, { reason }));
}

/** POST /v2/sr/assign/:id: staff added to those already assigned. */
export function useAssignServiceRequest(id: string) {
  return useRequestMutation(id, (input: SrAssignInput) => api.post<SrDetail>(`/v2/sr/assign/${id}`, input));
}

/** POST /v2/sr/close/:id: the owner closes the request, with an optional note. */
export function useCloseServiceRequest(id: string) {
  return useRequestMutation(id, ({ note }: { note?: string }) => api.post<SrDetail>(`/v2/sr/close/${id}`, note ? { note } : {}));
}

/** POST /v2/observation/accept/:observationId: the owner accepts the observation waiting, or rejects it with a reason. */
export function useDecideObservation(serviceRequestId: string) {
  return useRequestMutation(serviceRequestId, ({ observationId, ...decision }: ObservationDecisionInput & { observationId: string }) =>
    api.post<SrDetail>(`/v2/observation/accept/${observationId}`, decision),
  );
}

/** What a work order raised from an observation takes besides it (the defaults: the request's title and priority, submitted now). */
export interface ObservationWorkOrderBody {
  title?: string;
  priority?: SrPriority;
  dueDate?: string;
  submit: boolean;
}

/**
 * POST /v2/observation/accept/:observationId with `action: 'work_order'`: the owner accepts the
 * observation and raises a work order for the same provider with its lines and evidence. Answers
 * the request, whose observation then names the work order; the work order lists are read again too.
 */
export function useRaiseWorkOrderFromObservation(serviceRequestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ observationId, workOrder }: { observationId: string; workOrder: ObservationWorkOrderBody }) =>
      api.post<SrDetail>(`/v2/observation/accept/${observationId}`, { action: 'work_order', workOrder }),
    onSuccess: (detail) => queryClient.setQueryData(serviceRequestQueryKeys.detail(serviceRequestId), detail),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: serviceRequestQueryKeys.all });
      // The work order pages read under 'work-orders' (features/work-orders): a new one joins their lists.
      await queryClient.invalidateQueries({ queryKey: ['work-orders'] });
    },
  });
}
