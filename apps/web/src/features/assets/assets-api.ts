import type { Asset, AssetView } from '@amp/contracts/asset';
import { assetOperations as op } from '@amp/contracts/operations/asset';
import type { BodyInput } from '@amp/contracts/operations/operation';
import { referenceOperations } from '@amp/contracts/operations/reference';
import { slaOperations } from '@amp/contracts/operations/sla';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../lib/api';
import { call, callAnswer } from '../../lib/api-call';
import { type AssetListQuery, assetQueryKeys, useAssetList } from '../../lib/queries/assets';

/** GET /v2/asset/:id: the asset with its photos and documents, and who holds it now. */
export type AssetDetail = AssetView;

/**
 * What the asset form sends: POST /v2/asset/create/ or PUT /v2/asset/:id (an edit takes the same
 * fields, none of them required); the files are ids from the upload call.
 */
export type AssetInput = BodyInput<typeof op.create> & BodyInput<typeof op.edit>;

export type { AssetListQuery };

export const assetKeys = {
  ...assetQueryKeys,
  detail: (id: string) => ['assets', 'detail', id] as const,
  history: (id: string) => ['assets', 'history', id] as const,
  slas: (id: string) => ['assets', 'slas', id] as const,
  labels: (clusterId: string) => ['assets', 'labels', clusterId] as const,
};

/** The asset list (shared with the cluster pages: one definition in lib/queries). */
export const useAssets = useAssetList;

export function useAsset(id: string) {
  return useQuery({ queryKey: assetKeys.detail(id), queryFn: () => call(op.detail, { params: { id } }) });
}

const HISTORY_PAGE_SIZE = 10;

export function useAssetHistory(id: string) {
  return useInfiniteQuery({
    queryKey: assetKeys.history(id),
    queryFn: ({ pageParam }) => callAnswer(op.history, { params: { id }, query: { page: pageParam, pageSize: HISTORY_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta && last.meta.page < last.meta.pageCount ? last.meta.page + 1 : undefined),
  });
}

/** The SLAs covering the asset, directly or through its cluster. */
export function useAssetSlas(id: string) {
  return useQuery({
    queryKey: assetKeys.slas(id),
    queryFn: () => callAnswer(slaOperations.list, { query: { assetId: id, pageSize: 20 } }),
    retry: false,
  });
}

export function useCreateAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssetInput) => call(op.create, { body: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: assetKeys.all });
      // A new asset changes its cluster's asset count.
      await queryClient.invalidateQueries({ queryKey: ['clusters'] });
    },
  });
}

export function useEditAsset(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssetInput) => call(op.edit, { params: { id }, body: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: assetKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['clusters'] });
    },
  });
}

export function useDecommissionAsset(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyInput<typeof op.decommission>) => call(op.decommission, { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

/** The address the app is reached at (GET /v2/config/public), for the links the QR codes hold. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config', 'public'],
    queryFn: () => call(referenceOperations.publicConfig),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const LABEL_PAGE_SIZE = 100;

/**
 * Every asset of a cluster, page after page (100 at a time), for its labels; `onProgress` hears
 * how many of how many have arrived, so a large cluster shows progress.
 */
export async function fetchAllClusterAssets(clusterId: string, onProgress: (loaded: number, total: number) => void): Promise<Asset[]> {
  const all: Asset[] = [];
  for (let page = 1; ; page++) {
    const result: Page<Asset> = await callAnswer(op.list, {
      query: { clusterId, page, pageSize: LABEL_PAGE_SIZE, sort: 'assetID', order: 'asc' },
    });
    all.push(...result.data);
    onProgress(all.length, Math.max(result.meta.total, all.length));
    if (result.data.length < LABEL_PAGE_SIZE || page >= result.meta.pageCount) return all;
  }
}
