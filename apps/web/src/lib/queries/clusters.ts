import type { Cluster } from '@amp/contracts/asset';
import { clusterOperations } from '@amp/contracts/operations/cluster';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../api';
import { call, callAnswer } from '../api-call';

/** The owner's clusters, as the cluster pages, the asset pickers, the assignments and the SLA pickers read them. */

export type { Cluster };

/** Everything under 'clusters' is refreshed after a cluster changes. */
export const clusterQueryKeys = {
  all: ['clusters'] as const,
  detail: (id: string) => ['clusters', 'detail', id] as const,
  search: (search: string) => ['clusters', 'search', search] as const,
};

/** One of the owner's clusters; nothing is asked while there is no id. */
export function useCluster(id: string | null | undefined) {
  return useQuery({
    queryKey: clusterQueryKeys.detail(id ?? ''),
    queryFn: () => call(clusterOperations.detail, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}

export const CLUSTER_SEARCH_PAGE_SIZE = 50;

/** The first page of the owner's clusters matching a search, by name, for pickers (typing narrows it). */
export function useClusterSearch<T = Page<Cluster>>(
  search: string,
  options: { enabled?: boolean; select?: (page: Page<Cluster>) => T } = {},
) {
  return useQuery({
    queryKey: clusterQueryKeys.search(search),
    queryFn: (): Promise<Page<Cluster>> =>
      callAnswer(clusterOperations.list, { query: { search: search || undefined, sort: 'name', pageSize: CLUSTER_SEARCH_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: options.enabled ?? true,
    select: options.select,
  });
}
