import type { Sla, SlaSummary } from '@amp/contracts/sla';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { Sla, SlaSummary };

/** page, pageSize, search, sort, order, providerId: as kept in the URL by useUrlListState. */
export type SlaListQuery = Record<string, string | number | undefined>;

/** What the form sends to POST /v2/sla/create/ and PUT /v2/sla/update/:_id. */
export interface SlaInput {
  title?: string;
  terms?: string;
  file?: string | null;
  providerId?: string;
  assetIds?: string[];
  clusterIds?: string[];
  responseHours?: number;
  resolutionHours?: number;
}

/** A choice in the provider, asset and cluster pickers. */
export interface Option {
  value: string;
  label: string;
}

interface ServiceProvider {
  _id: string;
  name: string;
}

interface AssetRef {
  _id: string;
  assetID: string;
  name: string;
}

interface ClusterRef {
  _id: string;
  clusterID: string;
  name: string;
}

export const slaKeys = {
  all: ['slas'] as const,
  list: (query: SlaListQuery) => ['slas', 'list', query] as const,
  detail: (id: string) => ['slas', 'detail', id] as const,
};

export function useSlas(query: SlaListQuery) {
  return useQuery({
    queryKey: slaKeys.list(query),
    queryFn: () => api.page<SlaSummary>('/v2/sla', { ...query }),
    placeholderData: keepPreviousData,
  });
}

export function useSla(id: string) {
  return useQuery({ queryKey: slaKeys.detail(id), queryFn: () => api.get<Sla>(`/v2/sla/${id}`) });
}

export function useCreateSla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlaInput) => api.post<Sla>('/v2/sla/create/', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slaKeys.all }),
  });
}

export function useUpdateSla(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlaInput) => api.put<Sla>(`/v2/sla/update/${id}`, input),
    onSuccess: (sla) => {
      queryClient.setQueryData(slaKeys.detail(id), sla);
      return queryClient.invalidateQueries({ queryKey: slaKeys.all });
    },
  });
}

const PICKER_PAGE_SIZE = 20;
const pickerOptions = { staleTime: 30_000, placeholderData: keepPreviousData };

/** Approved service providers (GET /v2/user/service-provider), by name. */
export function useProviderOptions(search: string) {
  return useQuery({
    queryKey: ['sla-pickers', 'providers', search],
    queryFn: async (): Promise<Option[]> => {
      const page = await api.page<ServiceProvider>('/v2/user/service-provider', {
        search: search || undefined,
        pageSize: PICKER_PAGE_SIZE,
      });
      return page.data.map((p) => ({ value: p._id, label: p.name }));
    },
    ...pickerOptions,
  });
}

export const assetLabel = (asset: { assetID: string; name: string }) => `${asset.assetID} · ${asset.name}`;
export const clusterLabel = (cluster: { clusterID: string; name: string }) => `${cluster.clusterID} · ${cluster.name}`;

/** The owner's assets (GET /v2/asset/created), searched by code, name or location. */
export function useAssetOptions(search: string) {
  return useQuery({
    queryKey: ['sla-pickers', 'assets', search],
    queryFn: async (): Promise<Option[]> => {
      const page = await api.page<AssetRef>('/v2/asset/created', { search: search || undefined, pageSize: PICKER_PAGE_SIZE });
      return page.data.map((a) => ({ value: a._id, label: assetLabel(a) }));
    },
    ...pickerOptions,
  });
}

/** The owner's clusters (GET /v2/cluster/createdBy), searched by code or name. */
export function useClusterOptions(search: string) {
  return useQuery({
    queryKey: ['sla-pickers', 'clusters', search],
    queryFn: async (): Promise<Option[]> => {
      const page = await api.page<ClusterRef>('/v2/cluster/createdBy', { search: search || undefined, pageSize: PICKER_PAGE_SIZE });
      return page.data.map((c) => ({ value: c._id, label: clusterLabel(c) }));
    },
    ...pickerOptions,
  });
}
