import type { Asset, Cluster } from '@amp/contracts/asset';
import { clusterOperations as op } from '@amp/contracts/operations/cluster';
import type { BodyInput } from '@amp/contracts/operations/operation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callAnswer } from '../../lib/api-call';
import { useAssetList } from '../../lib/queries/assets';
import { useOwnerAssignments } from '../../lib/queries/assignments';
import { clusterQueryKeys } from '../../lib/queries/clusters';

/** docs/api-contract.md, "Clusters and assets". */
export type { Asset, Cluster };

/**
 * What the cluster form sends: POST /v2/cluster/create/ or PUT /v2/cluster/:id (an edit takes the
 * same fields, none of them required); '' leaves an optional field empty (or clears it on edit).
 */
export type ClusterInput = BodyInput<typeof op.create> & BodyInput<typeof op.edit>;

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
    queryFn: () => callAnswer(op.list, { query }),
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
    mutationFn: (input: ClusterInput) => call(op.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clusterKeys.all }),
  });
}

export function useEditCluster(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClusterInput) => call(op.edit, { params: { id }, body: input }),
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
    mutationFn: async (id: string): Promise<void> => {
      await callAnswer(op.remove, { params: { id } });
    },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: clusterKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: clusterKeys.all });
    },
  });
}
