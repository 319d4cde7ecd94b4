import type { ComponentType } from 'react';
import type { NonIndexRouteObject } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import type { AccessRule } from '../lib/pages';
import { RequirePermission } from './guards';

export function PageLoading() {
  return <LoadingOverlay />;
}

/**
 * A lazily loaded page: each page is its own chunk, so the login page stays small. It is never an
 * index route, so layouts built with it may take children.
 */
export function page(load: () => Promise<{ default: ComponentType }>, permission?: AccessRule): NonIndexRouteObject {
  return {
    // Shown while the first page's chunk loads (React Router warns without one).
    HydrateFallback: PageLoading,
    lazy: async () => {
      const { default: Page } = await load();
      return {
        Component: permission
          ? () => (
              <RequirePermission rule={permission}>
                <Page />
              </RequirePermission>
            )
          : Page,
      };
    },
  };
}
