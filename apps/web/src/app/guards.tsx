import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { safeReturnPath } from '../features/auth/auth-helpers';
import { useAuth } from '../lib/auth';
import { type AccessRule, allows } from '../lib/pages';

const PublicNotFoundPage = lazy(() => import('../components/not-found-page'));
// Loaded when shown, so it is not part of every page's first script.
const UnauthorizedPage = lazy(() => import('../components/unauthorized-page'));

/**
 * Unauthenticated users go to /auth/login, remembering where they were going; a path that is no
 * page at all shows them the public not-found page instead (docs/product.md#not-found-and-not-allowed).
 */
export function RequireAuth({ knownPage, children }: { knownPage: boolean; children: ReactNode }) {
  const { token, user, loading } = useAuth();
  const location = useLocation();
  if (!token) {
    if (!knownPage) {
      return (
        <Suspense fallback={<LoadingOverlay visible />}>
          <PublicNotFoundPage />
        </Suspense>
      );
    }
    return <Navigate to="/auth/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (loading || !user) return <LoadingOverlay visible />;
  return children;
}

/**
 * Signed-in users who open /auth go to /dashboard, or, right after signing in, back to the page
 * they were sent away from (this guard re-renders first, so it must honour that page too).
 */
export function RequireGuest() {
  const { token } = useAuth();
  const location = useLocation();
  if (token) return <Navigate to={safeReturnPath((location.state as { from?: unknown } | null)?.from)} replace />;
  return <Outlet />;
}

/** A page needs the same permission as its menu entry; without it the unauthorised page shows. */
export function RequirePermission({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const { can } = useAuth();
  if (allows(rule, can)) return children;
  return (
    <Suspense fallback={<LoadingOverlay visible />}>
      <UnauthorizedPage />
    </Suspense>
  );
}
