import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { RouteError } from '../components/route-error';
import type { RouteHandle } from '../lib/pages';
import { RequireAuth, RequireGuest } from './guards';
import { PageLoading, page } from './lazy-page';

/** The signed-in area's layout and page table: one chunk, loaded on the first path that is no public page. */
const loadSignedIn = () => import('./signed-in');
const SHELL_ROUTE = 'shell';
const NOT_FOUND_ROUTE = 'not-found';

const routes: RouteObject[] = [
  { path: '/', ...page(() => import('../features/landing/landing-page')) },
  {
    path: '/auth',
    element: <RequireGuest />,
    children: [
      { index: true, element: <Navigate to="/auth/login" replace /> },
      {
        ...page(() => import('../features/auth/auth-layout')),
        children: [
          { path: 'login', ...page(() => import('../features/auth/login-page')) },
          { path: 'registration', ...page(() => import('../features/auth/registration-page')) },
          { path: 'register', element: <Navigate to="/auth/registration" replace /> },
          { path: 'forgot-password', ...page(() => import('../features/auth/forgot-password-page')) },
          { path: 'reset-password/:resetToken', ...page(() => import('../features/auth/reset-password-page')) },
        ],
      },
    ],
  },
  // The status page has its own frame (a public page of its own, like the landing page).
  { path: '/help/status', ...page(() => import('../features/status/status-page')) },
  {
    // The Help Center (SPEC.md 2.8): public, light, and open to signed-in users too.
    path: '/help',
    ...page(() => import('../features/help/help-layout')),
    children: [
      { index: true, lazy: page(() => import('../features/help/help-home-page')).lazy },
      { path: 'guides', ...page(() => import('../features/help/help-guides-page')) },
      { path: 'guides/:slug', ...page(() => import('../features/help/help-guide-page')) },
      { path: 'faq', ...page(() => import('../features/help/help-faq-page')) },
      { path: 'contact', ...page(() => import('../features/help/help-contact-page')) },
      { path: 'privacy', ...page(() => import('../features/help/help-privacy-page')) },
      { path: 'legal', ...page(() => import('../features/help/help-legal-page')) },
    ],
  },
  { path: '/logout', ...page(() => import('../features/auth/logout-page')) },
  { path: '/error', element: <Navigate to="/error/error-v1" replace /> },
  { path: '/error/error-v1', ...page(() => import('../components/not-found-page')) },
  { path: '/unauthorized', ...page(() => import('../components/unauthorized-page')) },
  {
    element: <RequireAuth />,
    children: [
      {
        id: SHELL_ROUTE,
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await loadSignedIn()).Shell }),
        // The signed-in pages are added here when first needed (patchRoutesOnNavigation below).
        children: [
          // Any other path, signed in: the not-found page inside the shell (signed out: the public one, see RequireAuth).
          {
            id: NOT_FOUND_ROUTE,
            path: '*',
            handle: { notFound: true } satisfies RouteHandle,
            ...page(() => import('../components/not-found-in-shell')),
          },
        ],
      },
    ],
  },
];

/**
 * Every navigation to a new page opens at its top; back and forward return to where the user was
 * (React Router keeps the positions per history entry).
 */
function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

const tree: RouteObject[] = [{ element: <Root />, errorElement: <RouteError />, HydrateFallback: PageLoading, children: routes }];
let signedInAdded = false;

export const router = createBrowserRouter(tree, {
  /**
   * The signed-in pages are not part of the first script: a path that only the not-found route
   * matches (a signed-in page, or no page at all) brings their table first, then is matched again.
   */
  async patchRoutesOnNavigation({ path, patch, signal }) {
    if (signedInAdded) return;
    const matches = matchRoutes(tree, path);
    if (matches && matches.at(-1)?.route.id !== NOT_FOUND_ROUTE) return;
    const { signedInRoutes } = await loadSignedIn();
    if (signedInAdded || signal.aborted) return;
    patch(SHELL_ROUTE, signedInRoutes);
    signedInAdded = true;
  },
});
