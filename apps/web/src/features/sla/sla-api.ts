import type { BodyInput } from '@amp/contracts/operations/operation';
import { slaOperations as op } from '@amp/contracts/operations/sla';
import type { Sla, SlaSummary } from '@amp/contracts/sla';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../lib/api';
import { call, callAnswer } from '../../lib/api-call';
import { type Asset, useAssetSearch } from '../../lib/queries/assets';
import { type Cluster, useClusterSearch } from '../../lib/queries/clusters';
import { type ServiceProvider, useServiceProviders } from '../../lib/queries/providers';

export type { Sla, SlaSummary };

/** page, pageSize, search, sort, order, providerId: as kept in the URL by useUrlListState. */
export type SlaListQuery = Record<string, string | number | undefined>;

/**
 * What the form sends to POST /v2/sla/create/ and PUT /v2/sla/update/:_id: an edit's fields, none
 * of them required (an edit sends only what changed); a new SLA's form sends them all.
 */
export type SlaInput = BodyInput<typeof op.update>;

/** A choice in the provider, asset and cluster pickers. */
export interface Option {
  value: string;
  label: string;
}

export const slaKeys = {
  all: ['slas'] as const,
  list: (query: SlaListQuery) => ['slas', 'list', query] as const,
  detail: (id: string) => ['slas', 'detail', id] as const,
};

export function useSlas(query: SlaListQuery) {
  return useQuery({
    queryKey: slaKeys.list(query),
    queryFn: () => callAnswer(op.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function useSla(id: string) {
  return useQuery({ queryKey: slaKeys.detail(id), queryFn: () => call(op.detail, { params: { id } }) });
}

export function useCreateSla() {
  const queryClient = useQueryClient();
  return useMutation({
    // The create form validates every field a new SLA requires before it submits (sla-form.tsx).
    mutationFn: (input: SlaInput) => call(op.create, { body: input as BodyInput<typeof op.create> }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slaKeys.all }),
  });
}

export function useUpdateSla(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlaInput) => call(op.update, { params: { _id: id }, body: input }),
    onSuccess: (sla) => {
      queryClient.setQueryData(slaKeys.detail(id), sla);
      return queryClient.invalidateQueries({ queryKey: slaKeys.all });
    },
  });
}

/* The pickers read the shared queries of lib/queries and turn each page into choices. */

const providerChoices = (page: Page<ServiceProvider>): Option[] => page.data.map((p) => ({ value: p._id, label: p.name }));

/** Approved service providers (GET /v2/user/service-provider), by name. */
export function useProviderOptions(search: string) {
  return useServiceProviders(search, { select: providerChoices });
}

export const assetLabel = (asset: { assetID: string; name: string }) => `${asset.assetID} · ${asset.name}`;
export const clusterLabel = (cluster: { clusterID: string; name: string }) => `${cluster.clusterID} · ${cluster.name}`;

const assetChoices = (page: Page<Asset>): Option[] => page.data.map((a) => ({ value: a._id, label: assetLabel(a) }));
const clusterChoices = (page: Page<Cluster>): Option[] => page.data.map((c) => ({ value: c._id, label: clusterLabel(c) }));

/** The owner's assets (GET /v2/asset/created), searched by code, name or location. */
export function useAssetOptions(search: string) {
  return useAssetSearch(search, { select: assetChoices });
}

/** The owner's clusters (GET /v2/cluster/createdBy), searched by code or name. */
export function useClusterOptions(search: string) {
  return useClusterSearch(search, { select: clusterChoices });
}
