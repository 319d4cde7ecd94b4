import { type AssetImportJob, IMPORT_FINISHED } from '@amp/contracts/asset-import';
import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api, apiUpload, downloadAs } from '../../lib/api';

/**
 * The calls of an import from a file (docs/api-contract.md, "Bulk import" and "Pricebook"): upload,
 * follow the job, the recent imports, the template and the errors. Asset and pricebook imports
 * share them; each names its paths in an ImportEndpoints.
 */

export type ImportJob = AssetImportJob;
export type TemplateFormat = 'csv' | 'xlsx';

/** Where an import lives in the API, and what a successful one changes. */
export interface ImportEndpoints {
  /** The root of its query keys: imports under one root are refreshed together. */
  key: string;
  /** POST: the upload, answered 202 with the job. */
  upload: string;
  job(id: string): string;
  errors(id: string): string;
  list: string;
  /** Filters of the recent imports (the asset pages: their mode). */
  listParams?: Record<string, string>;
  template(format: TemplateFormat): { path: string; fileName: string };
  /** The queries a successful import leaves out of date (its records' lists). */
  stale: readonly QueryKey[];
}

export const importKeys = {
  all: (endpoints: ImportEndpoints) => [endpoints.key] as const,
  job: (endpoints: ImportEndpoints, id: string) => [endpoints.key, 'job', id] as const,
  recent: (endpoints: ImportEndpoints, page: number) => [endpoints.key, 'recent', endpoints.listParams ?? {}, page] as const,
};

export const isFinished = (job: Pick<ImportJob, 'status'>) => IMPORT_FINISHED.includes(job.status);

/** How often a running import is asked for its progress. */
const POLL_MS = 500;

/** The job, polled every half second until it has finished; then the lists it changed are refreshed. */
export function useImportJob(endpoints: ImportEndpoints, id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: importKeys.job(endpoints, id ?? ''),
    queryFn: () => api.get<ImportJob>(endpoints.job(id ?? '')),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isFinished(q.state.data) ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status !== 'succeeded' && status !== 'failed') return;
    // The recent imports show the new status; after a success, the records' lists are out of date too.
    const stale = status === 'succeeded' ? [importKeys.all(endpoints), ...endpoints.stale] : [importKeys.all(endpoints)];
    for (const key of stale) void queryClient.invalidateQueries({ queryKey: key, exact: false });
  }, [status, queryClient, endpoints]);
  return query;
}

export const RECENT_PAGE_SIZE = 5;

export function useRecentImports(endpoints: ImportEndpoints, page: number) {
  return useQuery({
    queryKey: importKeys.recent(endpoints, page),
    queryFn: () => api.page<ImportJob>(endpoints.list, { ...endpoints.listParams, page, pageSize: RECENT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // While one of them runs, its status follows it.
    refetchInterval: (q) => (q.state.data?.data.some((job) => !isFinished(job)) ? 2_000 : false),
  });
}

export interface UploadHandle {
  promise: Promise<ImportJob>;
  abort(): void;
}

/** The upload with its progress (lib/api). Resolves with the job the API has started (202). */
export function uploadImportFile(endpoints: ImportEndpoints, file: File, onProgress: (fraction: number) => void): UploadHandle {
  const upload = apiUpload<ImportJob>(endpoints.upload, file, onProgress);
  const promise = upload.promise.then(({ status, data }) => {
    if (status === 202 && data) return data;
    throw new ApiError(status, '');
  });
  return { promise, abort: upload.abort };
}

export function downloadTemplate(endpoints: ImportEndpoints, format: TemplateFormat) {
  const { path, fileName } = endpoints.template(format);
  return downloadAs(path, fileName);
}

export const downloadErrors = (endpoints: ImportEndpoints, job: ImportJob) => downloadAs(endpoints.errors(job._id), 'import-errors.csv');
