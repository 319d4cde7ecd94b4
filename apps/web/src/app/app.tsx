import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { MutationCache, onlineManager, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AuthProvider } from '../lib/auth';
import { OfflineReading, restoreOfflineReading } from '../offline/cache/offline-reading';
import { SAVED_QUERY_PREFIXES } from '../offline/cache/saved-keys';
import { isNetworkError, isOnline, onNetworkChange, reportNetworkFailure, reportNetworkSuccess } from '../offline/network';
import { AppRouter } from './router';
import { SESSION_EXPIRED_FLAG, SessionExpiry } from './session-expiry';
import { theme } from './theme';

/** Any answer (even an error status) shows the API is reachable; a rejected fetch shows it is not. */
function noteOutcome(error?: unknown) {
  if (error !== undefined && isNetworkError(error)) reportNetworkFailure();
  else reportNetworkSuccess();
}

/**
 * One retry for an error answer. A request that could not reach the API marks the app offline at
 * once, so the retry waits (paused, its data still on screen) until the network is back rather than
 * failing: a page read offline keeps what was saved instead of showing an error.
 */
function retry(failureCount: number, error: unknown): boolean {
  if (!isNetworkError(error)) return failureCount < 1;
  reportNetworkFailure();
  return failureCount < 3;
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onSuccess: () => noteOutcome(), onError: noteOutcome }),
  mutationCache: new MutationCache({ onSuccess: () => noteOutcome(), onError: noteOutcome }),
  defaultOptions: { queries: { retry, refetchOnWindowFocus: false, staleTime: 15_000 } },
});
// The answers saved for offline reading stay in memory for the day, so each save still holds them.
for (const prefix of SAVED_QUERY_PREFIXES) queryClient.setQueryDefaults(prefix, { gcTime: 24 * 60 * 60 * 1000 });

// Queries wait (rather than fail) while the app is offline: navigator.onLine with its events, and a
// request that could not reach the API (src/offline/network.ts).
onlineManager.setEventListener((setOnline) => {
  setOnline(isOnline());
  return onNetworkChange(() => setOnline(isOnline()));
});

/** Before the first render (main.tsx): what this session saved for offline reading goes back into the cache. */
export const restoreSavedData = () => restoreOfflineReading(queryClient);

// The toasts' container (with its transitions and drag handling) is loaded with the first toast rather
// than with every page; a toast shown before it arrives waits in the store.
const Notifications = lazy(() => import('./notifications-container').then((module) => ({ default: module.Notifications })));

function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  // After a session expired the page reloads to show its notice at once: load the container now.
  const [needed, setNeeded] = useState(() => sessionStorage.getItem(SESSION_EXPIRED_FLAG) !== null);
  const pending = notifications.length + queue.length > 0;
  useEffect(() => {
    if (pending) setNeeded(true);
  }, [pending]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={10000} />
    </Suspense>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <NotificationsOnDemand />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <SessionExpiry />
          <OfflineReading />
          <AppRouter />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
