import type { Asset } from '@amp/contracts/asset';
import { assetOperations as op } from '@amp/contracts/operations/asset';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../api';
import { callAnswer } from '../api-call';

/** The owner's assets (GET /v2/asset/created), as the asset and cluster pages and the pickers read them. */

export type { Asset };

/** page, pageSize, search, sort, order and the filters (clusterId, status, ...), as kept in the URL. */
export type AssetListQuery = Record<string, string | number | undefined>;

/** Everything under 'assets' is refreshed after an asset changes (and a cluster, whose name the assets show). */
export const assetQueryKeys = {
  all: ['assets'] as const,
  list: (query: AssetListQuery) => ['assets', 'list', query] as const,
  search: (search: string) => ['assets', 'search', search] as const,
};

/** One page of the owner's assets; the old page stays on screen while the next one loads. */
export function useAssetList(query: AssetListQuery) {
  return useQuery({
    queryKey: assetQueryKeys.list(query),
    queryFn: () => callAnswer(op.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export const ASSET_SEARCH_PAGE_SIZE = 20;

/** The first page of the owner's assets matching a search (code, name or location), by name, for pickers. */
export function useAssetSearch<T = Page<Asset>>(search: string, options: { enabled?: boolean; select?: (page: Page<Asset>) => T } = {}) {
  return useQuery({
    queryKey: assetQueryKeys.search(search),
    queryFn: () => callAnswer(op.list, { query: { search: search || undefined, sort: 'name', pageSize: ASSET_SEARCH_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: options.enabled ?? true,
    select: options.select,
  });
}
