import type { FaultFormValues } from './fault-form-state';
import type { ClusterChoice, FaultFormAsset } from './fault-portal-api';

/**
 * A half-filled report on an owner's public portal, kept on the device so closing the page (a phone
 * that locks, a tab swiped away, a lost signal) loses nothing (issue 13). The typed fields go to
 * localStorage, written at each change (synchronous: nothing is pending when the page closes); the
 * photo goes to IndexedDB, which keeps a File as it is, written once when it is picked. One draft per
 * owner; cleared once the report is sent or discarded, and forgotten after a week.
 */
export interface FaultDraft {
  /** The form's values, without the honeypot. */
  values: Omit<FaultFormValues, 'website'>;
  /** The cluster chosen (the asset list it opened), even when no asset is chosen yet. */
  clusterChoice: ClusterChoice;
  /** The chosen asset as the form showed it, so its name is back without a look-up. */
  asset: FaultFormAsset | null;
  hasPhoto: boolean;
  savedAt: number;
}

export interface RestoredDraft extends FaultDraft {
  photo: File | null;
}

const KEY_PREFIX = 'amp.faultDraft.';
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const PHOTO_DB = 'amp-fault-drafts';
const PHOTO_STORE = 'photos';

const keyOf = (ownerId: string) => `${KEY_PREFIX}${ownerId}`;

export function saveDraft(ownerId: string, draft: Omit<FaultDraft, 'savedAt'>) {
  try {
    localStorage.setItem(keyOf(ownerId), JSON.stringify({ ...draft, savedAt: Date.now() } satisfies FaultDraft));
  } catch {
    // Storage full or refused (a private window): the form works on without a draft.
  }
}

function readStoredDraft(ownerId: string): FaultDraft | null {
  try {
    const stored = localStorage.getItem(keyOf(ownerId));
    const draft = stored ? (JSON.parse(stored) as FaultDraft) : null;
    if (!draft || typeof draft.values !== 'object' || draft.values === null || typeof draft.savedAt !== 'number') return null;
    if (Date.now() - draft.savedAt > MAX_AGE_MS) {
      clearDraft(ownerId);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

/** The owner's draft with its photo, or null when there is none. */
export async function readDraft(ownerId: string): Promise<RestoredDraft | null> {
  const draft = readStoredDraft(ownerId);
  if (!draft) return null;
  const photo = draft.hasPhoto ? await readPhoto(ownerId).catch(() => null) : null;
  return { ...draft, photo };
}

export function clearDraft(ownerId: string) {
  try {
    localStorage.removeItem(keyOf(ownerId));
  } catch {
    // Nothing was kept.
  }
  savePhoto(ownerId, null).catch(() => undefined);
}

function openPhotos(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('no IndexedDB'));
    const request = indexedDB.open(PHOTO_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(PHOTO_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs one request on the photo store and settles when its transaction is done. */
async function onPhotos<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openPhotos();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(PHOTO_STORE, mode);
      const request = run(transaction.objectStore(PHOTO_STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

/** Keeps the picked photo (null removes it). */
export function savePhoto(ownerId: string, photo: File | null): Promise<unknown> {
  return onPhotos<unknown>('readwrite', (store) => (photo ? store.put(photo, ownerId) : store.delete(ownerId)) as IDBRequest<unknown>);
}

async function readPhoto(ownerId: string): Promise<File | null> {
  const photo = await onPhotos<unknown>('readonly', (store) => store.get(ownerId));
  return photo instanceof File ? photo : null;
}
