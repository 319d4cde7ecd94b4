import './portal-styles';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../app/theme';
import { AuthProvider } from '../lib/auth';
import { initI18n } from '../lib/i18n';
import { PortalApp } from './portal-app';

/**
 * The public fault portal's page (portal.html), opened from an asset's QR label: the report form and
 * the tracking page, with the app's theme, texts and sign-in state but without its router and shell.
 */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
});

await initI18n();
// A transition: React builds the first page in short tasks rather than one long one (a phone's
// main thread stays free to answer the reporter's first tap).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <PortalApp />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
