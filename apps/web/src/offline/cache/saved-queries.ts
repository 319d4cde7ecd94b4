import type { CurrentUser } from '@amp/contracts/account';
import { type DehydratedState, dehydrate, hashKey, hydrate, type QueryClient } from '@tanstack/react-query';
import { getToken } from '../../lib/api';
import { ME_QUERY_KEY } from '../../lib/auth';
import { savedRecords } from './offline-db';
import { isCurrentUserKey, isSavedForOffline, SAVED_FLAG } from './saved-keys';
import { FILE_CACHE_PREFIX, sessionKey } from './session-key';

/**
 * What a technician reads offline (issue 13): the answers of the queries saved-keys.ts names, saved in IndexedDB
 * for the signed-in user and handed back at the next start of the same session, even without a
 * signal. Only these queries are saved, never the API's answers by URL (a shared phone, another
 * user's data), and signing out deletes everything (forgetOfflineData).
 */

/** How long saved answers stay usable: after that a start needs a signal again. */
const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** How long the saved queries wait after the last answer before they are written (answers come in bursts). */
const SAVE_DELAY_MS = 1000;
/** The current user's query key carries the token; it is saved without it (SESSION stands in). */
const SESSION = 'session';

interface SavedQueries {
  userId: string;
  /** The session that saved them (session-key.ts): only that session gets them back. */
  session: string;
  savedAt: number;
  state: DehydratedState;
}

/** The current user's query under another token (or the stand-in). */
function withSession(state: DehydratedState, token: string): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      if (!isCurrentUserKey(query.queryKey)) return query;
      const queryKey = [...ME_QUERY_KEY, token];
      return { ...query, queryKey, queryHash: hashKey(queryKey) };
    }),
  };
}

/**
 * Before the first render: puts back what this session saved (so its pages show offline), or, when
 * nobody is signed in any more (signed out in another way, the session expired), deletes what is left.
 */
export async function restoreSavedQueries(queryClient: QueryClient): Promise<void> {
  const token = getToken();
  if (!token) return forgetOfflineData();
  const session = await sessionKey(token);
  const records = await savedRecords.all<SavedQueries>();
  const mine = records.find((record) => record.session === session && Date.now() - record.savedAt < MAX_AGE_MS);
  if (!mine) return;
  hydrate(queryClient, withSession(mine.state, token));
  // Shown at once, but stale: with a signal each is read again as its page opens (a reload shows
  // what the server holds now, not what was saved a moment ago); without one they stay as saved.
  await queryClient.invalidateQueries({ predicate: (query) => isSavedForOffline(query.queryKey), refetchType: 'none' });
}

async function save(queryClient: QueryClient): Promise<void> {
  const token = getToken();
  const user = token ? queryClient.getQueryData<CurrentUser>([...ME_QUERY_KEY, token]) : undefined;
  if (!token || !user) return;
  const session = await sessionKey(token);
  // Signed out meanwhile: nothing may be written after the data was deleted.
  if (getToken() !== token) return;
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && isSavedForOffline(query.queryKey),
  });
  const saved: SavedQueries = { userId: user._id, session, savedAt: Date.now(), state: withSession(state, SESSION) };
  await savedRecords.put(user._id, saved);
  localStorage.setItem(SAVED_FLAG, '1');
}

/** Saves the kept queries a moment after each new answer; returns the function that stops it. */
export function keepSavingQueries(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isSavedForOffline(event.query.queryKey)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      save(queryClient).catch((error: unknown) => console.warn('[amp] could not save for offline use', error));
    }, SAVE_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

/** Signing out: every user's saved queries and every session's saved photos go. */
export async function forgetOfflineData(): Promise<void> {
  localStorage.removeItem(SAVED_FLAG);
  const names = typeof caches === 'undefined' ? [] : await caches.keys();
  await Promise.all([
    savedRecords.clear(),
    ...names.filter((name) => name.startsWith(FILE_CACHE_PREFIX)).map((name) => caches.delete(name)),
  ]);
}
