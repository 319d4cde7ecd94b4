import type { Health } from '@amp/contracts/health';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** How often the open page asks again (the API reuses an answer for 10 s, so more often gains nothing). */
export const STATUS_REFRESH_MS = 30_000;

export const healthKey = ['health'] as const;

/** GET /v2/health, asked again every 30 s while the page is open. */
export function useHealth() {
  return useQuery({
    queryKey: healthKey,
    queryFn: () => api.get<Health>('/v2/health'),
    refetchInterval: STATUS_REFRESH_MS,
    // The page shows a failed read at once rather than after a retry's wait.
    retry: false,
    staleTime: 0,
  });
}
