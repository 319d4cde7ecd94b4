import type { SrReceiverType } from '@amp/contracts/service-request';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** A provider a request form offers: the holder of the asset first, with the SLA that binds it. */
export interface ProviderOption {
  _id: string;
  name: string;
  holder: boolean;
  sla: { _id: string; title: string } | null;
}

export interface ProviderQuery {
  receiverType: SrReceiverType | '';
  asset: string | null;
  cluster: string | null;
  search: string;
}

/**
 * Where a form asks for its providers (GET /v2/sr/providers, GET /v2/wo/providers), under a key of
 * its own feature, so that feature's refresh reaches them.
 */
export interface ProviderSource {
  path: string;
  queryKey(query: ProviderQuery): readonly unknown[];
}

/** The providers as a query (also asked for every receiver type at once, to find who holds the asset). */
export function providerOptionsQuery(source: ProviderSource, query: ProviderQuery) {
  return {
    queryKey: source.queryKey(query),
    queryFn: () =>
      api.get<ProviderOption[]>(source.path, {
        receiverType: query.receiverType,
        asset: query.asset,
        cluster: query.cluster,
        search: query.search || undefined,
      }),
    staleTime: 30_000,
  };
}

/** The providers of the chosen receiver type; nothing is asked before one is chosen. */
export function useProviderOptions(source: ProviderSource, query: ProviderQuery) {
  return useQuery({
    ...providerOptionsQuery(source, query),
    enabled: query.receiverType !== '',
    // Another search of the same list keeps the options on screen; another receiver type does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery && (previousQuery.queryKey.at(-1) as ProviderQuery).receiverType === query.receiverType ? previous : undefined,
  });
}
