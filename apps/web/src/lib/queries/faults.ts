import type { FaultCounts, FaultDetail, FaultFormAsset, FaultFormCluster, FaultSummary } from '@amp/contracts/fault';
import { faultOperations as op } from '@amp/contracts/operations/fault';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callAnswer } from '../api-call';

/**
 * Faults as the fault pages, an asset's pages (owner's, provider's, technician's) and the live
 * notifications read them. Everything lives under 'faults', so one invalidation after an action
 * or a notification refreshes the lists, the tab counts, the detail and the assets' sections.
 */

export type { FaultCounts, FaultDetail, FaultFormAsset, FaultFormCluster, FaultSummary };

/** tab, page, pageSize, search, sort, order and the filters (status, clusterId, assetId, ...), as kept in the URL. */
export type FaultListQuery = Record<string, string | number | undefined>;

export const faultQueryKeys = {
  all: ['faults'] as const,
  list: (query: FaultListQuery) => ['faults', 'list', query] as const,
  counts: ['faults', 'counts'] as const,
  detail: (id: string) => ['faults', 'detail', id] as const,
  reportableAssets: (search: string, clusterId: string | null) => ['faults', 'reportable', 'assets', search, clusterId] as const,
  reportableClusters: (search: string) => ['faults', 'reportable', 'clusters', search] as const,
};

/** One page of GET /v2/fault; the old page stays on screen while the next one loads. */
export function useFaultList(query: FaultListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: faultQueryKeys.list(query),
    queryFn: () => callAnswer(op.list, { query }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The tabs' counts (GET /v2/fault/counts). */
export function useFaultCounts() {
  return useQuery({ queryKey: faultQueryKeys.counts, queryFn: () => call(op.counts) });
}

export function useFault(id: string) {
  return useQuery({ queryKey: faultQueryKeys.detail(id), queryFn: () => call(op.detail, { params: { id } }) });
}

export const REPORTABLE_PAGE_SIZE = 100;

/** The key and read of the reportable assets (also read ahead for a technician's day offline). */
export const reportableAssetsQuery = (search: string, clusterId: string | null) => ({
  queryKey: faultQueryKeys.reportableAssets(search, clusterId),
  queryFn: () =>
    callAnswer(op.reportableAssets, {
      query: { search: search || undefined, clusterId: clusterId ?? undefined, pageSize: REPORTABLE_PAGE_SIZE },
    }),
});

/** The key and read of the reportable clusters. */
export const reportableClustersQuery = (search: string) => ({
  queryKey: faultQueryKeys.reportableClusters(search),
  queryFn: () => callAnswer(op.reportableClusters, { query: { search: search || undefined, pageSize: REPORTABLE_PAGE_SIZE } }),
});

/**
 * The assets a signed-in user may report on (GET /v2/fault/reportable/assets), of one cluster if
 * given: the signed-in fault form's picker, and the asset filter of a provider or technician, who
 * cannot read the owner's asset list.
 */
export function useReportableAssets(search: string, options: { clusterId?: string | null; enabled?: boolean } = {}) {
  return useQuery({
    ...reportableAssetsQuery(search, options.clusterId ?? null),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: options.enabled ?? true,
  });
}

/** The clusters holding assets the user may report on (GET /v2/fault/reportable/clusters): a provider's cluster filter. */
export function useReportableClusters(search: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...reportableClustersQuery(search),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: options.enabled ?? true,
  });
}
