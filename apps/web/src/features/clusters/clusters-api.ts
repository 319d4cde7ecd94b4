import type { Asset, Cluster } from '@amp/contracts/asset';
import type { OwnerAssignment } from '@amp/contracts/assignment';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** docs/api-contract.md, "Clusters and assets". */
export type { Asset, Cluster };

/** GET /v2/states: a state with its LGAs, as the registration form reads it. */
export interface StateOption {
  state: string;
  alias: string;
  lgas: string[];
}

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
 * kept under 'assets' (like the asset list), and its assignments under 'assignments'.
 */
export const clusterKeys = {
  all: ['clusters'] as const,
  list: (query: ListQuery) => ['clusters', 'list', query] as const,
  detail: (id: string) => ['clusters', 'detail', id] as const,
  assets: (id: string, query: ListQuery) => ['assets', 'list', { ...query, clusterId: id }] as const,
  assignments: (id: string) => ['assignments', 'owner', { clusterId: id }] as const,
};

export function useClusters(query: ListQuery) {
  return useQuery({
    queryKey: clusterKeys.list(query),
    queryFn: () => api.page<Cluster>('/v2/cluster/createdBy', query),
    placeholderData: keepPreviousData,
  });
}

export function useCluster(id: string) {
  return useQuery({ queryKey: clusterKeys.detail(id), queryFn: () => api.get<Cluster>(`/v2/cluster/${id}`) });
}

/** The states and their LGAs; they never change while the app runs. */
export function useStates() {
  return useQuery({
    queryKey: ['reference', 'states'],
    queryFn: () => api.get<StateOption[]>('/v2/states'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useClusterAssets(id: string, query: ListQuery) {
  return useQuery({
    queryKey: clusterKeys.assets(id, query),
    queryFn: () => api.page<Asset>('/v2/asset/created', { ...query, clusterId: id }),
    placeholderData: keepPreviousData,
  });
}

/** The cluster's live assignments: the whole cluster's, and those of its assets given on their own. */
export function useClusterAssignments(id: string) {
  return useQuery({
    queryKey: clusterKeys.assignments(id),
    queryFn: () => api.page<OwnerAssignment>('/v2/asset/assign', { clusterId: id, pageSize: 100 }),
  });
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
