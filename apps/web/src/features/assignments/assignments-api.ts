import type { Asset, Cluster } from '@amp/contracts/asset';
import type {
  AssignedAssetDetails,
  AssignedClusterDetails,
  AssignedItem,
  AssignInput,
  AssignResult,
  OwnerAssignment,
  TechnicianOnTarget,
  UnassignInput,
} from '@amp/contracts/assignment';
import type { PageMeta } from '@amp/contracts/fields';
import { userOperations } from '@amp/contracts/operations/user';
import type { ServiceProvider } from '@amp/contracts/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api';
import { callAnswer } from '../../lib/api-call';

export type {
  Asset,
  AssignedAssetDetails,
  AssignedClusterDetails,
  AssignedItem,
  Cluster,
  OwnerAssignment,
  ServiceProvider,
  TechnicianOnTarget,
};

/** page, pageSize, search, type, providerId, clusterId: as kept in the URL by useUrlListState. */
export type ListQuery = Record<string, string | number | undefined>;

/**
 * Owner side under 'assignments', provider and technician side under 'assigned'. Assigning also
 * changes what the cluster pages show (their 'assignments' entries), so the whole prefix is refreshed.
 */
export const assignmentKeys = {
  all: ['assignments'] as const,
  assigned: ['assigned'] as const,
  provider: (query: ListQuery) => ['assigned', 'provider', query] as const,
  technician: (query: ListQuery) => ['assigned', 'technician', query] as const,
  asset: (id: string) => ['assigned', 'asset', id] as const,
  cluster: (id: string, query: ListQuery) => ['assigned', 'cluster', id, query] as const,
};

/* ---- The owner (its list and the providers, clusters and assets it picks from are in lib/queries) ---- */

export function useAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignInput) => api.post<AssignResult>('/v2/asset/assign', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}

export function useUnassign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UnassignInput) => api.post<AssignResult>('/v2/asset/unassign', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}

/* ---- The provider and its technicians ---- */

export function useProviderAssigned(query: ListQuery) {
  return useQuery({
    queryKey: assignmentKeys.provider(query),
    queryFn: () => api.page<AssignedItem>('/v2/asset/assigned', query),
    placeholderData: keepPreviousData,
  });
}

export function useTechnicianAssigned(query: ListQuery) {
  return useQuery({
    queryKey: assignmentKeys.technician(query),
    queryFn: () => api.page<AssignedItem>('/v2/asset/technician/assigned', query),
    placeholderData: keepPreviousData,
  });
}

export function useAssignedAsset(id: string) {
  return useQuery({
    queryKey: assignmentKeys.asset(id),
    queryFn: () => api.get<AssignedAssetDetails>(`/v2/asset/assigned-asset/details/${id}`),
  });
}

/** The cluster with one page of its assets (`meta` pages the assets). */
export function useAssignedCluster(id: string, query: ListQuery) {
  return useQuery({
    queryKey: assignmentKeys.cluster(id, query),
    queryFn: () =>
      apiRequest<{ data: AssignedClusterDetails; meta: PageMeta }>('GET', `/v2/asset/assigned-cluster/details/${id}`, undefined, query),
    placeholderData: keepPreviousData,
  });
}

/** The active staff of the caller's organisation who are technicians. */
export function useTechnicians(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'assign', 'technicians'],
    queryFn: () => callAnswer(userOperations.assignable, { query: { technician: 'true', pageSize: 100 } }),
    enabled,
    staleTime: 60_000,
  });
}

export function useAssignTechnician(kind: 'asset' | 'cluster', id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (technicianId: string) => api.post(`/v2/asset/technician/${kind}/assign/${id}`, { technicianId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.assigned }),
  });
}
