import { type AssetImportJob, IMPORT_FINISHED, type ImportMode } from '@amp/contracts/asset-import';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api, apiUpload, downloadAs } from '../../lib/api';

/** docs/api-contract.md, "Bulk import": upload, follow the job, download the template and the errors. */

export const importKeys = {
  all: ['asset-imports'] as const,
  job: (id: string) => ['asset-imports', 'job', id] as const,
  recent: (mode: ImportMode, page: number) => ['asset-imports', 'recent', mode, page] as const,
};

export const isFinished = (job: Pick<AssetImportJob, 'status'>) => IMPORT_FINISHED.includes(job.status);

/** How often a running import is asked for its progress. */
const POLL_MS = 500;

/** The job, polled every half second until it has finished; then the asset lists are refreshed. */
export function useImportJob(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: importKeys.job(id ?? ''),
    queryFn: () => api.get<AssetImportJob>(`/v2/asset/bulk/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isFinished(q.state.data) ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status !== 'succeeded' && status !== 'failed') return;
    // The recent imports show the new status; after a success, asset lists and counts are out of date too.
    const stale = status === 'succeeded' ? [importKeys.all, ['assets'], ['clusters']] : [importKeys.all];
    for (const key of stale) void queryClient.invalidateQueries({ queryKey: key, exact: false });
  }, [status, queryClient]);
  return query;
}

export const RECENT_PAGE_SIZE = 5;

export function useRecentImports(mode: ImportMode, page: number) {
  return useQuery({
    queryKey: importKeys.recent(mode, page),
    queryFn: () => api.page<AssetImportJob>('/v2/asset/bulk', { mode, page, pageSize: RECENT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // While one of them runs, its status follows it.
    refetchInterval: (q) => (q.state.data?.data.some((job) => !isFinished(job)) ? 2_000 : false),
  });
}

export interface UploadHandle {
  promise: Promise<AssetImportJob>;
  abort(): void;
}

/** POST /v2/asset/bulk/{mode} with its progress (lib/api). Resolves with the job the API has started (202). */
export function uploadImportFile(mode: ImportMode, file: File, onProgress: (fraction: number) => void): UploadHandle {
  const upload = apiUpload<AssetImportJob>(`/v2/asset/bulk/${mode}`, file, onProgress);
  const promise = upload.promise.then(({ status, data }) => {
    if (status === 202 && data) return data;
    throw new ApiError(status, '');
  });
  return { promise, abort: upload.abort };
}

export const downloadTemplate = (mode: ImportMode, format: 'csv' | 'xlsx') =>
  downloadAs(`/v2/asset/bulk/template?mode=${mode}&format=${format}`, `asset-bulk-${mode}-template.${format}`);

export const downloadErrors = (job: AssetImportJob) => downloadAs(`/v2/asset/bulk/${job._id}/errors`, 'import-errors.csv');
