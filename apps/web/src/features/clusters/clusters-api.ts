import type { Asset, Cluster } from '@amp/contracts/asset';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAssetList } from '../../lib/queries/assets';
import { useOwnerAssignments } from '../../lib/queries/assignments';
import { clusterQueryKeys } from '../../lib/queries/clusters';

/** docs/api-contract.md, "Clusters and assets". */
export type { Asset, Cluster };

/** What the cluster form sends: '' leaves an optional field empty (or clears it on edit). */
export interface ClusterInput {
  clusterID?: string;
  name?: string;
  state?: string;
  lga?: string;
  address?: string;
  description?: string;
}

/** page, pageSize, search, sort, order, state: as kept in the URL by useUrlListState. */
export type ListQuery = Record<string, string | number | undefined>;

/**
 * Everything under 'clusters' is refreshed after a cluster changes; the assets of a cluster are
 * kept under 'assets' (the asset list's query), and its assignments under 'assignments'.
 */
export const clusterKeys = {
  all: clusterQueryKeys.all,
  list: (query: ListQuery) => ['clusters', 'list', query] as const,
  detail: clusterQueryKeys.detail,
};

export function useClusters(query: ListQuery) {
  return useQuery({
    queryKey: clusterKeys.list(query),
    queryFn: () => api.page<Cluster>('/v2/cluster/createdBy', query),
    placeholderData: keepPreviousData,
  });
}

/** One page of the cluster's assets: the asset list's query (lib/queries), narrowed to the cluster. */
export function useClusterAssets(id: string, query: ListQuery) {
  return useAssetList({ ...query, clusterId: id });
}

/** The cluster's live assignments: the whole cluster's, and those of its assets given on their own. */
export function useClusterAssignments(id: string) {
  return useOwnerAssignments({ clusterId: id, pageSize: 100 });
}

export function useCreateCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClusterInput) => api.post<Cluster>('/v2/cluster/create/', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clusterKeys.all }),
  });
}

export function useEditCluster(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClusterInput) => api.put<Cluster>(`/v2/cluster/${id}`, input),
    onSuccess: async (cluster) => {
      queryClient.setQueryData(clusterKeys.detail(id), cluster);
      await queryClient.invalidateQueries({ queryKey: clusterKeys.all });
      // Assets show their cluster's name and code.
      await queryClient.invalidateQueries({ queryKey: ['assets'] });
    },
  });
}

export function useDeleteCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del<void>(`/v2/cluster/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: clusterKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: clusterKeys.all });
    },
  });
}
