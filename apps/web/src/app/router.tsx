import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type NonIndexRouteObject, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { RouteError } from '../components/route-error';
import type { AccessRule, RouteHandle } from '../lib/pages';
import { RequireAuth, RequireGuest, RequirePermission } from './guards';
import { PAGES, REDIRECTS } from './pages';

function PageLoading() {
  return <LoadingOverlay />;
}

/**
 * A lazily loaded page: each page is its own chunk, so the login page stays small. It is never an
 * index route, so layouts built with it may take children.
 */
function page(load: () => Promise<{ default: ComponentType }>, permission?: AccessRule): NonIndexRouteObject {
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

const routes: RouteObject[] = [
  { path: '/', ...page(() => import('../features/landing/landing-page')) },
  // The public fault portal (SPEC.md 2.6), outside the shell: opened from QR labels, signed in or not.
  { path: '/report/fault/track', ...page(() => import('../features/fault-portal/fault-track-page')) },
  { path: '/report/fault/track/:code', ...page(() => import('../features/fault-portal/fault-track-page')) },
  { path: '/report/fault/:ownerId', ...page(() => import('../features/fault-portal/public-fault-page')) },
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
  { path: '/logout', ...page(() => import('../features/auth/logout-page')) },
  { path: '/error', element: <Navigate to="/error/error-v1" replace /> },
  { path: '/error/error-v1', ...page(() => import('../components/not-found-page')) },
  { path: '/unauthorized', ...page(() => import('../components/unauthorized-page')) },
  {
    element: <RequireAuth />,
    children: [
      {
        ...page(() => import('./shell/shell')),
        children: [
          ...PAGES.map((entry) => ({ path: entry.path, handle: { page: entry } satisfies RouteHandle, ...page(entry.load, entry.rule) })),
          ...REDIRECTS.map((entry) => ({ path: entry.path, element: <Navigate to={entry.redirect} replace /> })),
          // Any other path, signed in: the not-found page inside the shell (signed out: the public one, see RequireAuth).
          {
            path: '*',
            handle: { notFound: true } satisfies RouteHandle,
            ...page(() => import('../components/not-found-page').then((module) => ({ default: module.NotFoundInShell }))),
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

export const router = createBrowserRouter([
  { element: <Root />, errorElement: <RouteError />, HydrateFallback: PageLoading, children: routes },
]);
