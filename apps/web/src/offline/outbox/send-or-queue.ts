import { uploadFile } from '../../components/files/files-api';
import { ApiError, apiRequest } from '../../lib/api';
import { isNetworkError, reportNetworkFailure } from '../network';
import { localPhoto } from './local-photos';
import { activeOutbox } from './outbox';
import { type OutboxEntry, type OutboxMethod, type OutboxRecord, replacePlaceholders, stringsOf } from './outbox-entry';

/** An action a technician may take offline: the call, the record it changes and what it is called. */
export interface QueueableAction {
  /** The text key under offline.action.* (`wo.complete`) that names it for people. */
  kind: string;
  /** The parameters of its description (the record's code). */
  description?: Record<string, string>;
  method: OutboxMethod;
  path: string;
  body: unknown;
  /** The record it changes with the `updatedAt` it was read at (sent as If-Match on replay); none for a new one. */
  record?: OutboxRecord & { updatedAt?: string | null };
}

/** Sent now (the API's `data`), or kept on the device to be sent when the device is online. */
export type SendOrQueueResult<T> = { queued: false; data: T } | { queued: true; entry: OutboxEntry };

/** A failure to reach the API: a fetch TypeError, or an upload's status 0 (lib/api). */
const unreachable = (error: unknown) => isNetworkError(error) || (error instanceof ApiError && error.status === 0);

/**
 * The one way the technician's actions reach the API. Online it calls the API as the app always
 * did (photos kept on the device are uploaded first), and its errors reach the form unchanged.
 * Offline, when the call gets no answer, or while earlier actions on the same record still wait,
 * the action goes into the outbox with its photos and is sent later in order.
 */
export async function sendOrQueue<T>(action: QueueableAction): Promise<SendOrQueueResult<T>> {
  const outbox = activeOutbox();
  const placeholders = [...new Set(stringsOf(action.body))].filter((value) => localPhoto(value));
  const mustWait = outbox !== null && action.record !== undefined && outbox.hasOpenEntries(action.record);
  if (outbox && (!navigator.onLine || mustWait)) return queue(action, placeholders);
  try {
    const ids = new Map<string, string>();
    for (const placeholder of placeholders) {
      const uploaded = await uploadFile(localPhoto(placeholder)!, 'image', () => {}).promise;
      ids.set(placeholder, uploaded._id);
    }
    const body = ids.size > 0 ? replacePlaceholders(action.body, ids) : action.body;
    const answer = await apiRequest<{ data: T }>(action.method, action.path, body ?? {});
    return { queued: false, data: answer.data };
  } catch (error) {
    if (!outbox || !unreachable(error)) throw error;
    reportNetworkFailure();
    return queue(action, placeholders);
  }
}

async function queue<T>(action: QueueableAction, placeholders: string[]): Promise<SendOrQueueResult<T>> {
  const outbox = activeOutbox()!;
  const { updatedAt, ...record } = action.record ?? { updatedAt: null };
  const entry = await outbox.enqueue({
    kind: action.kind,
    description: action.description ?? {},
    method: action.method,
    path: action.path,
    body: action.body,
    files: placeholders.map((placeholder) => {
      const file = localPhoto(placeholder)!;
      return { placeholder, blob: file, name: file.name };
    }),
    record: action.record ? (record as OutboxRecord) : null,
    ifMatch: updatedAt ?? null,
  });
  return { queued: true, entry };
}
