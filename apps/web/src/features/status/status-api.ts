import { healthOperations as op } from '@amp/contracts/operations/health';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-call';

/** How often the open page asks again (the API reuses an answer for 10 s, so more often gains nothing). */
export const STATUS_REFRESH_MS = 30_000;

export const healthKey = ['health'] as const;

/** GET /v2/health, asked again every 30 s while the page is open. */
export function useHealth() {
  return useQuery({
    queryKey: healthKey,
    queryFn: () => call(op.health),
    refetchInterval: STATUS_REFRESH_MS,
    // The page shows a failed read at once rather than after a retry's wait.
    retry: false,
    staleTime: 0,
  });
}
