import type { FaultFormAsset, FaultReported } from '@amp/contracts/fault';
import type { FileRef } from '@amp/contracts/file';
import { assetOperations } from '@amp/contracts/operations/asset';
import { faultOperations as op } from '@amp/contracts/operations/fault';
import { fileOperations } from '@amp/contracts/operations/file';
import type { BodyInput } from '@amp/contracts/operations/operation';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { ApiError, apiUpload, type UploadHandle } from '../../lib/api';
import { call, callPath } from '../../lib/api-call';
import { statesQuery } from '../../lib/queries/reference';

/** The fault form's look-ups and calls (packages/contracts/src/fault.ts names each answer). */

export type { FaultFormAsset, FaultReported };

type FaultReportInput = BodyInput<typeof op.report>;

/**
 * What the form sends: the contract's input, the image already uploaded (`document`); the fields
 * left out of a partial form are the API's to refuse, with its messages.
 */
export type FaultReportBody = Partial<FaultReportInput> & Pick<FaultReportInput, 'asset' | 'faultType'>;

/** The assets of one cluster, or outside any cluster (`none`); no choice yet: none loaded. */
export type ClusterChoice = string | 'none' | null;

export const faultPortalKeys = {
  owner: (ownerId: string) => ['fault-portal', 'owner', ownerId] as const,
  clusters: (ownerId: string) => ['fault-portal', 'clusters', ownerId] as const,
  assets: (ownerId: string, cluster: ClusterChoice, search: string) => ['fault-portal', 'assets', ownerId, cluster, search] as const,
  asset: (ownerId: string, assetId: string) => ['fault-portal', 'asset', ownerId, assetId] as const,
  track: (code: string) => ['fault-portal', 'track', code] as const,
};

/** A look-up that fails quietly (docs/product.md#fault-form: the loading indicator stops, no message). */
const quiet = { retry: false, staleTime: 60_000 } as const;

/** GET /v2/fault/portal/:ownerId: the active asset owner the portal reports to (a 404 shows the not-found page). */
export function usePortalOwner(ownerId: string) {
  return useQuery({
    queryKey: faultPortalKeys.owner(ownerId),
    queryFn: () => call(op.portalOwner, { params: { ownerId } }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    staleTime: 5 * 60_000,
  });
}

/** GET /v2/asset/asset-owner/cluster/:ownerId: the owner's clusters (public). */
const portalClustersQuery = (ownerId: string) => ({
  queryKey: faultPortalKeys.clusters(ownerId),
  queryFn: () => call(assetOperations.publicClusters, { params: { ownerId }, query: { pageSize: 100 } }),
  ...quiet,
});

export function usePortalClusters(ownerId: string, enabled: boolean) {
  return useQuery({ ...portalClustersQuery(ownerId), enabled });
}

/** GET /v2/fault/portal/:ownerId/assets: the assets of one of the owner's clusters, or outside any. */
const portalAssetsQuery = (ownerId: string, cluster: ClusterChoice, search: string) => ({
  queryKey: faultPortalKeys.assets(ownerId, cluster, search),
  queryFn: () => call(op.portalAssets, { params: { ownerId }, query: { cluster, search, pageSize: 100 } }),
  ...quiet,
});

export function usePortalAssets(ownerId: string, cluster: ClusterChoice, search: string, enabled: boolean) {
  return useQuery({
    ...portalAssetsQuery(ownerId, cluster, search),
    enabled: enabled && cluster !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The lists the portal's form opens with, read alongside the owner and the label's asset: the
 * owner's clusters, the states, and the assets of the label asset's cluster (`cluster`, once that
 * asset is known). The form's first render then has them all and is its only one: each list
 * arriving after it would redraw the whole form on a phone's busy first seconds. Resolves when all
 * have settled (a failed one is left to the form, which shows it quietly).
 */
function readPortalFormLists(queryClient: QueryClient, ownerId: string, cluster: ClusterChoice): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(portalClustersQuery(ownerId)),
    queryClient.prefetchQuery(statesQuery),
    cluster === null ? null : queryClient.prefetchQuery(portalAssetsQuery(ownerId, cluster, '')),
  ]);
}

/**
 * True once the form's lists (readPortalFormLists) have settled for the form's first cluster:
 * `undefined` while that is not known yet (the clusters and the states are read meanwhile), null
 * for none; `ownerId` null reads nothing.
 */
export function usePortalFormLists(ownerId: string | null, cluster: ClusterChoice | undefined): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState<{ ownerId: string; cluster: ClusterChoice } | null>(null);
  useEffect(() => {
    if (ownerId === null) return;
    let current = true;
    // Asked again with the cluster once it is known: the reads already under way are shared, not repeated.
    readPortalFormLists(queryClient, ownerId, cluster ?? null).then(() => {
      // A transition: the page it lets draw is drawn in short tasks, not one long one.
      if (current && cluster !== undefined) startTransition(() => setSettled({ ownerId, cluster }));
    });
    return () => {
      current = false;
    };
  }, [queryClient, ownerId, cluster]);
  return settled !== null && settled.ownerId === ownerId && settled.cluster === cluster;
}

/** GET /v2/fault/portal/:ownerId/asset/:assetId: the asset a QR label names (?asset=). */
export function usePortalAsset(ownerId: string, assetId: string | null) {
  return useQuery({
    queryKey: faultPortalKeys.asset(ownerId, assetId ?? ''),
    queryFn: () => call(op.portalAsset, { params: { ownerId, assetId: assetId ?? '' } }),
    enabled: assetId !== null,
    ...quiet,
  });
}

/** GET /v2/fault/track/:code (public): status and public history only. */
export function useFaultTrack(code: string | null) {
  return useQuery({
    queryKey: faultPortalKeys.track(code ?? ''),
    queryFn: () => call(op.track, { params: { code: code ?? '' } }),
    enabled: code !== null,
    retry: false,
  });
}

/**
 * Uploads the report's one image: anonymously to the owner's portal (POST /v2/fault/upload/:ownerId),
 * signed in as any other upload (POST /v2/file/upload). Resolves to nothing when the answer names
 * no file, which the form treats as a failure (docs/product.md#fault-form: it shows the generic error and stops).
 */
export function uploadFaultImage(
  file: File,
  target: { ownerId: string } | 'signed-in',
  onProgress: (fraction: number) => void,
): UploadHandle<FileRef | undefined> {
  const path = target === 'signed-in' ? callPath(fileOperations.upload) : callPath(op.uploadOnPortal, { ownerId: target.ownerId });
  const upload = apiUpload<FileRef>(path, file, onProgress);
  return {
    promise: upload.promise.then((result) => ({ ...result, data: result.data?._id ? result.data : undefined })),
    abort: upload.abort,
  };
}

/** POST /v2/fault/report/:ownerId: an anonymous report through the owner's portal. */
export const reportPublicFault = (ownerId: string, body: FaultReportBody) =>
  call(op.reportOnPortal, { params: { ownerId }, body: body as FaultReportInput });

/** POST /v2/fault/report: a signed-in user's report (manageAssetFault). */
export const reportFault = (body: FaultReportBody) => call(op.report, { body: body as FaultReportInput });

/** POST /v2/fault/edit/:id: the reporter's corrected report, sent back to the provider. */
export const editFault = (id: string, body: Partial<BodyInput<typeof op.edit>>) =>
  call(op.edit, { params: { id }, body: { ...body, id } as BodyInput<typeof op.edit> });
