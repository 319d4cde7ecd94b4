import type { FaultReasonInput } from '@amp/contracts/fault';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { assetQueryKeys } from '../../lib/queries/assets';
import { faultQueryKeys } from '../../lib/queries/faults';

/** The decisions the fault page takes through the API (`convert` comes with the service request and work order issues). */
export type FaultDecision = { action: 'approve' } | ({ action: 'return' | 'reject' } & FaultReasonInput);

/**
 * POST /v2/fault/approve/:id, /return/:id, /reject/:id. Afterwards (and after a 409, when someone
 * else decided first) the fault, the lists, the counts and the assets' open-fault markers are read again.
 */
export function useDecideFault(id: string) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: faultQueryKeys.all });
    await queryClient.invalidateQueries({ queryKey: assetQueryKeys.all });
  };
  return useMutation({
    mutationFn: (decision: FaultDecision) =>
      api.post<unknown>(`/v2/fault/${decision.action}/${id}`, decision.action === 'approve' ? {} : { reason: decision.reason }),
    onSettled: refresh,
  });
}
