import type { PermissionRule } from '@amp/contracts/permissions';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import UnauthorizedPage from '../components/unauthorized-page';
import { safeReturnPath } from '../features/auth/auth-helpers';
import { useAuth } from '../lib/auth';

/** Unauthenticated users go to /auth/login, remembering where they were going. */
export function RequireAuth() {
  const { token, user, loading } = useAuth();
  const location = useLocation();
  if (!token) return <Navigate to="/auth/login" replace state={{ from: location.pathname + location.search }} />;
  if (loading || !user) return <LoadingOverlay visible />;
  return <Outlet />;
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
export function RequirePermission({ rule, children }: { rule: PermissionRule; children: ReactNode }) {
  const { can } = useAuth();
  return can(rule) ? children : <UnauthorizedPage />;
}
