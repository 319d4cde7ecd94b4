/**
 * What the outbox keeps on the device for each action a technician took offline
 * (docs/decisions/0021-offline-pwa.md, "The queue").
 */

/** waiting: to be sent; sending: on its way; done: sent (removed right after); conflict: the server refused it; failed: a photo was refused. */
export type OutboxState = 'waiting' | 'sending' | 'done' | 'conflict' | 'failed';

/** The record an action changes: later actions on it are held while an earlier one is in conflict, and chain its version. */
export interface OutboxRecord {
  type: 'wo' | 'sr' | 'mr' | 'fault';
  id: string;
  /** The code people know it by (WO-000123), for the descriptions. */
  code?: string;
}

/** A photo taken offline: its bytes stay in IndexedDB until it is uploaded on replay. */
export interface OutboxFile {
  /** The id the action's body holds in the place of the uploaded file's id. */
  placeholder: string;
  blob: Blob;
  name: string;
  idempotencyKey: string;
  /** The uploaded file's id, once the upload was answered (a later retry of the action does not upload again). */
  uploadedId?: string;
}

/** What went wrong with the last attempt. */
export interface OutboxFailure {
  status: number;
  message: string;
  at: string;
}

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One queued action. */
export interface OutboxEntry {
  id: string;
  /** Queue order: the time it was queued, then a sequence for actions within the same millisecond. */
  createdAt: string;
  seq: number;
  userId: string;
  /** What it does, for people: a text key of offline.json (`offline.action.wo.complete`) and its parameters. */
  kind: string;
  description: Record<string, string>;
  method: OutboxMethod;
  path: string;
  body: unknown;
  files: OutboxFile[];
  idempotencyKey: string;
  /** The record's `updatedAt` this action was based on (null: no version check). */
  ifMatch: string | null;
  record: OutboxRecord | null;
  state: OutboxState;
  attempts: number;
  failure?: OutboxFailure;
}

/** A sent action, kept a while for the panel's "sent" list. */
export interface SentItem {
  id: string;
  kind: string;
  description: Record<string, string>;
  record: OutboxRecord | null;
  sentAt: string;
}

export const recordKey = (record: OutboxRecord) => `${record.type}:${record.id}`;

/** Entries in the order they were queued. */
export function inQueueOrder(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.seq - b.seq);
}

/** Entries still to be sent or decided (everything but done). */
export const isOpenEntry = (entry: OutboxEntry) => entry.state !== 'done';

/** A refused entry: the server answered no (conflict) or refused one of its photos (failed). */
export const isRefused = (entry: Pick<OutboxEntry, 'state'>) => entry.state === 'conflict' || entry.state === 'failed';

/** Whether an entry waits behind a refused one on the same record (it is sent once that one is decided). */
export function isHeld(entry: OutboxEntry, queue: readonly OutboxEntry[]): boolean {
  if (!entry.record || isRefused(entry)) return false;
  const key = recordKey(entry.record);
  const ordered = inQueueOrder(queue);
  const position = ordered.findIndex((candidate) => candidate.id === entry.id);
  return ordered.slice(0, position).some((earlier) => earlier.record && recordKey(earlier.record) === key && isRefused(earlier));
}

/** A random id: an Idempotency-Key, a photo's placeholder. */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; the same version 4 layout from random bytes.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The body with every string equal to a placeholder replaced by its file's id, at any depth. */
export function replacePlaceholders(body: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof body === 'string') return ids.get(body) ?? body;
  if (Array.isArray(body)) return body.map((item) => replacePlaceholders(item, ids));
  if (body && typeof body === 'object') {
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, replacePlaceholders(value, ids)]));
  }
  return body;
}

/** The strings of a body, at any depth (to find the placeholders it holds). */
export function stringsOf(body: unknown): string[] {
  if (typeof body === 'string') return [body];
  if (Array.isArray(body)) return body.flatMap(stringsOf);
  if (body && typeof body === 'object') return Object.values(body).flatMap(stringsOf);
  return [];
}
