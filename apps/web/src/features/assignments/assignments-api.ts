import type { Asset, Cluster } from '@amp/contracts/asset';
import type {
  AssignedAssetDetails,
  AssignedClusterDetails,
  AssignedItem,
  OwnerAssignment,
  TechnicianOnTarget,
} from '@amp/contracts/assignment';
import { assignedAssetOperations } from '@amp/contracts/operations/assigned-asset';
import { assignmentOperations as op } from '@amp/contracts/operations/assignment';
import type { BodyInput } from '@amp/contracts/operations/operation';
import { userOperations } from '@amp/contracts/operations/user';
import type { ServiceProvider } from '@amp/contracts/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callAnswer } from '../../lib/api-call';

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
    mutationFn: (input: BodyInput<typeof op.assign>) => call(op.assign, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}

export function useUnassign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyInput<typeof op.unassign>) => call(op.unassign, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}

/* ---- The provider and its technicians ---- */

export function useProviderAssigned(query: ListQuery) {
  return useQuery({
    queryKey: assignmentKeys.provider(query),
    queryFn: () => callAnswer(op.providerList, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useTechnicianAssigned(query: ListQuery) {
  return useQuery({
    queryKey: assignmentKeys.technician(query),
    queryFn: () => callAnswer(op.technicianList, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useAssignedAsset(id: string) {
  return useQuery({
    queryKey: assignmentKeys.asset(id),
    queryFn: () => call(assignedAssetOperations.assetDetails, { params: { id } }),
  });
}

/** The cluster with one page of its assets (`meta` pages the assets). */
export function useAssignedCluster(id: string, query: ListQuery) {
  return useQuery({
    queryKey: assignmentKeys.cluster(id, query),
    queryFn: () => callAnswer(assignedAssetOperations.clusterDetails, { params: { id }, query }),
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
    mutationFn: (technicianId: string) =>
      call(kind === 'asset' ? op.dispatchAsset : op.dispatchCluster, { params: { _id: id }, body: { technicianId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.assigned }),
  });
}
