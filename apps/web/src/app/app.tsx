import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { router } from './router';
import { SESSION_EXPIRED_FLAG, SessionExpiry } from './session-expiry';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
});

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
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
