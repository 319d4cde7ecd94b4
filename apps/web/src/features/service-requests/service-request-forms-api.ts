import type { Asset } from '@amp/contracts/asset';
import type { PricebookItem, PricebookKind } from '@amp/contracts/pricebook';
import type {
  Observation,
  ObservationStatus,
  ObservationType,
  SrConfiguration,
  SrDetail,
  SrPriority,
  SrReceiverType,
} from '@amp/contracts/service-request';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '../../lib/api';
import { assetQueryKeys } from '../../lib/queries/assets';
import { faultQueryKeys } from '../../lib/queries/faults';
import { serviceRequestQueryKeys } from '../../lib/queries/service-requests';

/**
 * The service request forms' look-ups and calls: sending a request (or raising one from a fault),
 * submitting an observation, the sent observations and the owner's configuration
 * (packages/contracts/src/service-request.ts names each answer). After a change everything under
 * 'service-requests' is read again.
 */

export type { Observation, ObservationStatus, ObservationType, PricebookItem, PricebookKind, SrConfiguration, SrDetail };

/** A provider the send form offers (GET /v2/sr/providers): the holder of the asset first, with the SLA that would be copied. */
export interface SrProviderOption {
  _id: string;
  name: string;
  holder: boolean;
  sla: { _id: string; title: string } | null;
}

export interface SrProviderQuery {
  receiverType: SrReceiverType | '';
  asset: string | null;
  cluster: string | null;
  search: string;
}

/** What POST /v2/sr/create takes. */
export interface SrSendBody {
  title: string;
  description: string;
  priority: SrPriority;
  receiverType: SrReceiverType;
  provider: string;
  asset: string | null;
  cluster: string | null;
  attachments: string[];
}

/** What POST /v2/sr/fault/:faultId takes (the fault gives the description, the asset and the image). */
export interface SrFromFaultBody {
  title?: string;
  priority: SrPriority;
  receiverType: SrReceiverType;
  provider: string;
}

/** One line of POST /v2/observation/create/:srId: from the pricebook (its price is taken then), or free. */
export type ObservationLineBody =
  | { pricebookItem: string; quantity: number | string }
  | { name: string; kind?: PricebookKind; unit?: string; price: string; quantity: number | string };

export interface ObservationBody {
  type: ObservationType | '';
  summary: string;
  timeToComplete: number | string;
  evidence: string[];
  lines: ObservationLineBody[];
  supersedes?: string;
}

/** What POST /v2/configuration/create and PUT /v2/configuration/update/:id take. */
export interface SrConfigurationBody {
  codePrefix: string;
  notOkayNeedsEvidence: boolean;
  notOkayNeedsLine: boolean;
  autoCloseDays: number | null;
}

export const srFormKeys = {
  providers: (query: SrProviderQuery) => [...serviceRequestQueryKeys.all, 'providers', query] as const,
  configuration: [...serviceRequestQueryKeys.all, 'configuration'] as const,
  sentObservations: (query: Record<string, string | number | undefined>) =>
    [...serviceRequestQueryKeys.all, 'observations', 'sent', query] as const,
  /** Under 'pricebook', so a change to the pricebook refreshes the picker too. */
  pricebook: (organisationId: string, search: string) => ['pricebook', 'observation-picker', organisationId, search] as const,
  ownerAssets: (clusterId: string | null, search: string) => [...assetQueryKeys.all, 'sr-picker', clusterId, search] as const,
  asset: (id: string) => [...assetQueryKeys.all, 'sr-picker', 'one', id] as const,
};

/** GET /v2/sr/providers as a query (also asked for every receiver type at once, to find who holds the asset). */
export function srProvidersQuery(query: SrProviderQuery) {
  return {
    queryKey: srFormKeys.providers(query),
    queryFn: () =>
      api.get<SrProviderOption[]>('/v2/sr/providers', {
        receiverType: query.receiverType,
        asset: query.asset,
        cluster: query.cluster,
        search: query.search || undefined,
      }),
    staleTime: 30_000,
  };
}

/** The providers of a receiver type a request about the asset (or cluster) can go to. */
export function useSrProviders(query: SrProviderQuery) {
  return useQuery({
    ...srProvidersQuery(query),
    enabled: query.receiverType !== '',
    placeholderData: (previous, previousQuery) =>
      // Another search of the same list keeps the options on screen; another receiver type does not.
      previousQuery && (previousQuery.queryKey[2] as SrProviderQuery).receiverType === query.receiverType ? previous : undefined,
  });
}

export const OWNER_ASSET_PAGE_SIZE = 50;

/** The owner's own assets (of one cluster, if chosen) matching a search: the send form's asset picker. */
export function useOwnerAssets(clusterId: string | null, search: string) {
  return useQuery({
    queryKey: srFormKeys.ownerAssets(clusterId, search),
    queryFn: () =>
      api.page<Asset>('/v2/asset/created', {
        clusterId: clusterId ?? undefined,
        search: search || undefined,
        sort: 'name',
        pageSize: OWNER_ASSET_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One of the owner's assets (a ?asset= link), so its name shows at once. */
export function useOwnerAsset(id: string | null) {
  return useQuery({
    queryKey: srFormKeys.asset(id ?? ''),
    queryFn: () => api.get<Asset>(`/v2/asset/${id}`),
    enabled: Boolean(id),
    retry: false,
    staleTime: 60_000,
  });
}

/** After a request is sent or raised: the request lists, the faults (one is converted) and the assets' markers. */
function useRefreshAfterSend() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: serviceRequestQueryKeys.all });
    await queryClient.invalidateQueries({ queryKey: faultQueryKeys.all });
    await queryClient.invalidateQueries({ queryKey: assetQueryKeys.all });
  };
}

/** POST /v2/sr/create. */
export function useSendServiceRequest() {
  const refresh = useRefreshAfterSend();
  return useMutation({
    mutationFn: (body: SrSendBody) => api.post<SrDetail>('/v2/sr/create', body),
    onSuccess: refresh,
  });
}

/** POST /v2/sr/fault/:faultId; a 409 (someone decided the fault first) refreshes too. */
export function useRaiseFromFault(faultId: string) {
  const refresh = useRefreshAfterSend();
  return useMutation({
    mutationFn: (body: SrFromFaultBody) => api.post<SrDetail>(`/v2/sr/fault/${faultId}`, body),
    onSettled: refresh,
  });
}

export const PRICEBOOK_PICKER_PAGE_SIZE = 30;

/**
 * The items the caller's organisation offers, matching a search: the observation form's picker.
 * Read through GET /v2/pricebook/of/:own organisation, which a technician (manageObservation) may
 * read as well as a manager of the pricebook.
 */
export function useOfferedItems(organisationId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: srFormKeys.pricebook(organisationId, search),
    queryFn: () =>
      api.page<PricebookItem>(`/v2/pricebook/of/${organisationId}`, {
        search: search || undefined,
        state: 'active',
        sort: 'name',
        pageSize: PRICEBOOK_PICKER_PAGE_SIZE,
      }),
    enabled: enabled && organisationId !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** POST /v2/observation/create/:srId: answers with the request. */
export function useSubmitObservation(srId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ObservationBody) => api.post<SrDetail>(`/v2/observation/create/${srId}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceRequestQueryKeys.all }),
  });
}

/** GET /v2/observation/sent: the observations the caller's organisation (a technician: they) sent. */
export function useSentObservations(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: srFormKeys.sentObservations(query),
    queryFn: (): Promise<Page<Observation>> => api.page<Observation>('/v2/observation/sent', query),
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/configuration/created/sr: the owner's configuration (the defaults, `_id` null, until one is saved). */
export function useSrConfiguration() {
  return useQuery({ queryKey: srFormKeys.configuration, queryFn: () => api.get<SrConfiguration>('/v2/configuration/created/sr') });
}

/** Creates the configuration (no `_id` yet) or changes it; a 409 (changed elsewhere) reads it again. */
export function useSaveSrConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SrConfigurationBody }) =>
      id
        ? api.put<SrConfiguration>(`/v2/configuration/update/${id}`, { type: 'sr', ...body })
        : api.post<SrConfiguration>('/v2/configuration/create', { type: 'sr', ...body }),
    onSuccess: (saved) => queryClient.setQueryData(srFormKeys.configuration, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceRequestQueryKeys.all }),
  });
}
