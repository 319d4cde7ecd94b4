import { type ComponentType, lazy, type ReactElement } from 'react';
import { LoadingOverlay } from '../components/loading-overlay';
import type { AccessRule } from '../lib/pages';
import { RequirePermission } from './guards';

/** What shows while the first page's chunk loads (the whole screen: nothing else is on it yet). */
export function PageLoading() {
  return <LoadingOverlay />;
}

/**
 * A lazily loaded page: each page is its own chunk, so the first script stays small. A page with a
 * rule shows the unauthorised page to whoever lacks it, without loading the page.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, permission?: AccessRule): ReactElement {
  const Page = lazy(load);
  return permission ? (
    <RequirePermission rule={permission}>
      <Page />
    </RequirePermission>
  ) : (
    <Page />
  );
}
