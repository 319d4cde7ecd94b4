import type { FileRef } from '@amp/contracts/file';
import { assignedAssetOperations } from '@amp/contracts/operations/assigned-asset';
import { assignmentOperations } from '@amp/contracts/operations/assignment';
import { serviceRequestOperations } from '@amp/contracts/operations/service-request';
import { workOrderOperations } from '@amp/contracts/operations/work-order';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { api, apiDownload, getToken, type Page } from '../../lib/api';
import { callAnswer, callPath } from '../../lib/api-call';
import { reportableAssetsQuery, reportableClustersQuery } from '../../lib/queries/faults';
import { fileCacheName, isSavableFile, sessionKey, trimFileCache } from './session-key';

/**
 * "Opened the app once with a signal" is enough (issue 13): for a technician, their lists as their
 * pages first show them, the records open on them (at most MAX_RECORDS of each) and those records'
 * photo thumbnails are read ahead, under the very keys the pages use, so saved-queries.ts keeps them.
 */

/** The most records of one kind read ahead. */
const MAX_RECORDS = 50;
/** The most photos read ahead. */
const MAX_PHOTOS = 100;
/** Requests at a time: a phone's connection is shared with what the technician is doing. */
const PARALLEL = 4;

/** The work order and service request lists as their pages ask for them first (useUrlListState's defaults). */
const firstPage = (tab: string) => ({ page: 1, pageSize: 20, sort: 'createdAt', order: 'desc', tab });
/** The technician's assigned assets page as first shown. */
const ASSIGNED_FIRST_PAGE = { page: 1, pageSize: 20 };

type Settled = PromiseSettledResult<Page<{ _id: string }> | null>;

/** Whether a list read has more rows than its first page holds. */
const hasMore = (list: Settled) => list.status === 'fulfilled' && list.value !== null && list.value.meta.total > list.value.data.length;

/** The ids of the rows of some list reads, each once, at most MAX_RECORDS. */
function ids(...lists: Settled[]): string[] {
  const rows = lists.flatMap((list) => (list.status === 'fulfilled' && list.value ? list.value.data : []));
  return [...new Set(rows.map((row) => row._id))].slice(0, MAX_RECORDS);
}

async function inTurns<T>(items: T[], action: (item: T) => Promise<unknown>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await action(item).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** Every image file a record's answer names (attachments, photos, evidence, an asset's pictures). */
function imagesIn(value: unknown, found: FileRef[] = []): FileRef[] {
  if (Array.isArray(value)) for (const item of value) imagesIn(item, found);
  else if (value && typeof value === 'object') {
    const file = value as Partial<FileRef>;
    if (file.kind === 'image' && typeof file.url === 'string' && typeof file._id === 'string') found.push(file as FileRef);
    else for (const item of Object.values(value)) imagesIn(item, found);
  }
  return found;
}

/** Puts photos into this session's cache, which the service worker answers from when there is no signal. */
async function savePhotos(urls: string[], token: string): Promise<void> {
  if (typeof caches === 'undefined' || urls.length === 0) return;
  const cache = await caches.open(fileCacheName(await sessionKey(token)));
  await inTurns(urls, async (url) => {
    if (await cache.match(url, { ignoreVary: true })) return;
    const { blob } = await apiDownload(url);
    const response = new Response(blob, { headers: { 'content-type': blob.type } });
    if (isSavableFile(response)) await cache.put(url, response);
  });
  await trimFileCache(cache);
}

/** Reads a technician's day ahead; failures are left alone (the pages read again when opened). */
export async function readAhead(queryClient: QueryClient): Promise<void> {
  const token = getToken();
  if (!token) return;
  const details: Array<{ queryKey: QueryKey; path: string }> = [];

  // The fault form's picker as it first opens, so a fault can be reported without a signal.
  void queryClient.prefetchQuery(reportableAssetsQuery('', null));
  void queryClient.prefetchQuery(reportableClustersQuery(''));
  const [orders, requests, assigned] = await Promise.allSettled([
    queryClient.fetchQuery({
      queryKey: ['work-orders', 'list', firstPage('incoming')],
      queryFn: () => callAnswer(workOrderOperations.list, { query: firstPage('incoming') }),
    }),
    queryClient.fetchQuery({
      queryKey: ['service-requests', 'list', firstPage('incoming')],
      queryFn: () => callAnswer(serviceRequestOperations.list, { query: firstPage('incoming') }),
    }),
    queryClient.fetchQuery({
      queryKey: ['assigned', 'technician', ASSIGNED_FIRST_PAGE],
      queryFn: () => callAnswer(assignmentOperations.technicianList, { query: ASSIGNED_FIRST_PAGE }),
    }),
  ]);
  // The open ones beyond the first page too, up to MAX_RECORDS (incoming holds only open work).
  const more = { page: 1, pageSize: MAX_RECORDS, sort: 'updatedAt', order: 'desc', tab: 'incoming' };
  const [moreOrders, moreRequests] = await Promise.allSettled([
    hasMore(orders) ? callAnswer(workOrderOperations.list, { query: more }) : null,
    hasMore(requests) ? callAnswer(serviceRequestOperations.list, { query: more }) : null,
  ]);
  for (const id of ids(orders, moreOrders))
    details.push({ queryKey: ['work-orders', 'detail', id], path: callPath(workOrderOperations.detail, { id }) });
  for (const id of ids(requests, moreRequests))
    details.push({ queryKey: ['service-requests', 'detail', id], path: callPath(serviceRequestOperations.detail, { id }) });
  if (assigned.status === 'fulfilled') {
    for (const item of assigned.value.data.filter((i) => i.target.type === 'asset').slice(0, MAX_RECORDS))
      details.push({
        queryKey: ['assigned', 'asset', item.target._id],
        path: callPath(assignedAssetOperations.assetDetails, { id: item.target._id }),
      });
  }

  const photos = new Set<string>();
  await inTurns(details, async ({ queryKey, path }) => {
    const detail = await queryClient.fetchQuery({ queryKey, queryFn: () => api.get<unknown>(path) });
    for (const image of imagesIn(detail)) photos.add(image.thumbnailUrl ?? image.url);
  });
  await savePhotos([...photos].slice(0, MAX_PHOTOS), token);
}
