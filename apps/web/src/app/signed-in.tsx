import { Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/pages';
import { page } from './lazy-page';
import { PAGES, REDIRECTS } from './pages';

/**
 * The signed-in area, loaded when a path is none of the public pages' (router.tsx,
 * patchRoutesOnNavigation): its layout and every feature's page table, so the public pages' first
 * script carries neither (docs/decisions/0013-compressed-static-and-cache.md).
 */
export { default as Shell } from './shell/shell';

/** The signed-in pages, added under the shell's route ('shell' in router.tsx) beside its not-found route. */
export const signedInRoutes: RouteObject[] = [
  ...PAGES.map((entry) => ({ path: entry.path, handle: { page: entry } satisfies RouteHandle, ...page(entry.load, entry.rule) })),
  ...REDIRECTS.map((entry) => ({ path: entry.path, element: <Navigate to={entry.redirect} replace /> })),
];
