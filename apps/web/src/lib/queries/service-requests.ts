import { serviceRequestOperations as op } from '@amp/contracts/operations/service-request';
import type { SrCounts, SrDetail, SrSummary } from '@amp/contracts/service-request';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callAnswer } from '../api-call';

/**
 * Service requests as the request pages, the observation pages and the live notifications read
 * them. Everything lives under 'service-requests', so one invalidation after an action (or a
 * notification) refreshes the lists, the tab counts, the detail and the staff a provider may assign.
 */

export type { SrCounts, SrDetail, SrSummary };

/** tab, page, pageSize, search, sort, order and the filters (status, priority, sla, partyId, ...), as kept in the URL. */
export type ServiceRequestListQuery = Record<string, string | number | undefined>;

export const serviceRequestQueryKeys = {
  all: ['service-requests'] as const,
  lists: ['service-requests', 'list'] as const,
  list: (query: ServiceRequestListQuery) => ['service-requests', 'list', query] as const,
  counts: ['service-requests', 'counts'] as const,
  detail: (id: string) => ['service-requests', 'detail', id] as const,
  staff: (id: string) => ['service-requests', 'staff', id] as const,
};

/** One page of GET /v2/sr; the old page stays on screen while the next one loads. */
export function useServiceRequestList(query: ServiceRequestListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: serviceRequestQueryKeys.list(query),
    queryFn: () => callAnswer(op.list, { query }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The three lists' counts (GET /v2/sr/counts). */
export function useServiceRequestCounts() {
  return useQuery({ queryKey: serviceRequestQueryKeys.counts, queryFn: () => call(op.counts) });
}

/** One request with its clocks, staff, observations, timeline, the caller's parties and actions (GET /v2/sr/:id). */
export function useServiceRequest(id: string) {
  return useQuery({
    queryKey: serviceRequestQueryKeys.detail(id),
    queryFn: () => call(op.detail, { params: { id } }),
    enabled: id !== '',
  });
}

/** The provider's staff who can be assigned to the request; asked only while the Assign dialog is open. */
export function useServiceRequestStaff(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: serviceRequestQueryKeys.staff(id),
    queryFn: () => call(op.staff, { params: { id } }),
    enabled: options.enabled ?? true,
    staleTime: 30_000,
  });
}
