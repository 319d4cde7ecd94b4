import { type AssetImportJob, IMPORT_FINISHED, type ImportMode } from '@amp/contracts/asset-import';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api, getToken } from '../../lib/api';

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

/**
 * POST /v2/asset/bulk/{mode} through XMLHttpRequest, whose upload events give the progress a
 * fetch cannot. Resolves with the job the API has started (202).
 */
export function uploadImportFile(mode: ImportMode, file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<AssetImportJob>((resolve, reject) => {
    xhr.open('POST', `/v2/asset/bulk/${mode}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { data?: AssetImportJob; message?: string; errors?: { path: string; message: string }[] } = {};
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : {};
      } catch {
        // not JSON: a proxy's error page
      }
      if (xhr.status === 202 && body.data) resolve(body.data);
      else reject(new ApiError(xhr.status, body.message ?? xhr.statusText, body.errors ?? []));
    };
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** Downloads an authenticated file (the template, the errors) through a blob and a temporary link. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}) as { message?: string });
    throw new ApiError(response.status, body.message ?? response.statusText);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const downloadTemplate = (mode: ImportMode, format: 'csv' | 'xlsx') =>
  downloadFile(`/v2/asset/bulk/template?mode=${mode}&format=${format}`, `asset-bulk-${mode}-template.${format}`);

export const downloadErrors = (job: AssetImportJob) => downloadFile(`/v2/asset/bulk/${job._id}/errors`, 'import-errors.csv');
