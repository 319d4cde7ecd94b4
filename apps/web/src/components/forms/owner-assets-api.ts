import { assetOperations as op } from '@amp/contracts/operations/asset';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callAnswer } from '../../lib/api-call';
import { assetQueryKeys } from '../../lib/queries/assets';

/** The asset pickers of the owner's request forms (a service request, a work order); under 'assets', so an asset change refreshes them. */
const ownerAssetKeys = {
  search: (clusterId: string | null, search: string) => [...assetQueryKeys.all, 'owner-picker', clusterId, search] as const,
  one: (id: string) => [...assetQueryKeys.all, 'owner-picker', 'one', id] as const,
};

export const OWNER_ASSET_PAGE_SIZE = 50;

/** The owner's own assets (of one cluster, if chosen) matching a search, by name. */
export function useOwnerAssets(clusterId: string | null, search: string) {
  return useQuery({
    queryKey: ownerAssetKeys.search(clusterId, search),
    queryFn: () =>
      callAnswer(op.list, {
        query: { clusterId: clusterId ?? undefined, search: search || undefined, sort: 'name', pageSize: OWNER_ASSET_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One of the owner's assets (a ?asset= link), so its name shows at once. */
export function useOwnerAsset(id: string | null) {
  return useQuery({
    queryKey: ownerAssetKeys.one(id ?? ''),
    queryFn: () => call(op.detail, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
    retry: false,
    staleTime: 60_000,
  });
}
