/**
 * The IndexedDB database of what the app saves for reading offline: one store, one record per user
 * (their saved queries). The queue of offline actions keeps its own database (src/offline/outbox).
 */
const DB_NAME = 'amp-offline-reading';
const STORE = 'saved-queries';

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  // A failed open (private mode, storage blocked) is tried again next time rather than remembered.
  opening.catch(() => {
    opening = null;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = action(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export const savedRecords = {
  all: <T>() => run<T[]>('readonly', (store) => store.getAll() as IDBRequest<T[]>),
  put: (key: string, value: unknown) => run('readwrite', (store) => store.put(value, key)),
  clear: () => run('readwrite', (store) => store.clear()),
};
