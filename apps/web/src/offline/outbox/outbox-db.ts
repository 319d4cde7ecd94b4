import type { OutboxEntry } from './outbox-entry';
import { EMPTY_META, type OutboxMeta, type OutboxStore } from './outbox-store';

/**
 * The queue in IndexedDB, one database per signed-in user (`amp-outbox-<userId>`), so two people
 * sharing a phone never send each other's actions. Entries keep their photos as Blobs, which
 * survive a closed tab and a restarted phone.
 */
const VERSION = 1;
const ENTRIES = 'entries';
const META = 'meta';
const META_KEY = 'meta';

function opened(userId: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(`amp-outbox-${userId}`, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(ENTRIES)) db.createObjectStore(ENTRIES, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('the outbox database is blocked by another tab'));
  });
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Resolves when the transaction is committed, so a write is on disk before the caller goes on. */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('outbox transaction aborted'));
  });
}

export function indexedDbStore(userId: string): OutboxStore {
  let database: Promise<IDBDatabase> | null = null;
  const db = () => {
    database ??= opened(userId);
    return database;
  };
  const write = async (store: string, change: (objects: IDBObjectStore) => void) => {
    const transaction = (await db()).transaction(store, 'readwrite');
    change(transaction.objectStore(store));
    await committed(transaction);
  };
  return {
    list: async () => done((await db()).transaction(ENTRIES).objectStore(ENTRIES).getAll() as IDBRequest<OutboxEntry[]>),
    put: (entry) => write(ENTRIES, (objects) => objects.put(entry)),
    remove: (id) => write(ENTRIES, (objects) => objects.delete(id)),
    meta: async () =>
      ((await done((await db()).transaction(META).objectStore(META).get(META_KEY))) as OutboxMeta | undefined) ?? EMPTY_META,
    setMeta: (meta: OutboxMeta) => write(META, (objects) => objects.put(meta, META_KEY)),
  };
}

/** Whether this browser has IndexedDB (a private window of some browsers has none). */
export const hasIndexedDb = () => typeof indexedDB !== 'undefined';
