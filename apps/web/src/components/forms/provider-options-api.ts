import type { AnswerOf, Operation } from '@amp/contracts/operations/operation';
import type { SrReceiverType, srProviderOptionsAnswer, srProviderQuery } from '@amp/contracts/service-request';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-call';

/** The operation a form asks for its providers with: the service requests' and the work orders' take the same query. */
type ProviderOperation = Operation<undefined, typeof srProviderQuery, undefined, { 200: typeof srProviderOptionsAnswer }>;

/** A provider a request form offers: the holder of the asset first, with the SLA that binds it. */
export type ProviderOption = AnswerOf<ProviderOperation>['data'][number];

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
  operation: ProviderOperation;
  queryKey(query: ProviderQuery): readonly unknown[];
}

/** The providers as a query (also asked for every receiver type at once, to find who holds the asset). */
export function providerOptionsQuery(source: ProviderSource, query: ProviderQuery) {
  return {
    queryKey: source.queryKey(query),
    queryFn: () =>
      call(source.operation, {
        query: { receiverType: query.receiverType, asset: query.asset, cluster: query.cluster, search: query.search || undefined },
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
