import type { CurrentUser } from '@amp/contracts/account';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getToken } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useOnline } from '../network';
import { isSavedForOffline, SAVED_FLAG } from './saved-keys';

/**
 * Reading offline, wired to the session (docs/decisions/0021-offline-pwa.md). The work itself is in
 * modules loaded only once someone is signed in, so the public pages' first script does not grow.
 */

const loadSavedQueries = () => import('./saved-queries');

/** Whether a user's day is read ahead for offline use. */
function readsAhead(user: CurrentUser): boolean {
  return user.technician || user.extTechnician;
}

/**
 * Before the first render: the saved answers of this session go back into the cache (so its pages
 * show without a signal), and what a signed-out session left is deleted. Nothing to do, nothing loaded.
 */
export async function restoreOfflineReading(queryClient: QueryClient): Promise<void> {
  if (!getToken() && !localStorage.getItem(SAVED_FLAG)) return;
  try {
    await (await loadSavedQueries()).restoreSavedQueries(queryClient);
  } catch (error) {
    // Storage blocked or the chunk unreachable: the app starts as it would without saved data.
    console.warn('[amp] saved data could not be restored', error);
  }
}

/**
 * While someone is signed in: the service worker is registered, the kept answers are saved as they
 * arrive and read again when the signal returns, and a technician's day is read ahead once per start
 * whenever there is a signal. Signing out deletes everything saved.
 */
export function OfflineReading() {
  const { token, user } = useAuth();
  const queryClient = useQueryClient();
  const online = useOnline();

  useEffect(() => {
    if (!token) return;
    void import('./register-service-worker').then((module) => module.registerServiceWorker());
    let stop = () => {};
    let stopped = false;
    void loadSavedQueries().then((module) => {
      if (!stopped) stop = module.keepSavingQueries(queryClient);
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [token, queryClient]);

  const signedIn = useRef(token !== null);
  useEffect(() => {
    if (signedIn.current && token === null) void loadSavedQueries().then((module) => module.forgetOfflineData());
    signedIn.current = token !== null;
  }, [token]);

  // Back online: what was shown from saved data is read again at once, however recently it was saved.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void queryClient.invalidateQueries({ predicate: (query) => isSavedForOffline(query.queryKey) });
    wasOnline.current = online;
  }, [online, queryClient]);

  const readAheadFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user || !online || !readsAhead(user) || readAheadFor.current === user._id) return;
    readAheadFor.current = user._id;
    void import('./prefetch').then((module) => module.readAhead(queryClient));
  }, [user, online, queryClient]);

  return null;
}
