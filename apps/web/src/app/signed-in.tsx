import type { ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { useAuth } from '../lib/auth';
import { allows, type PageDefinition } from '../lib/pages';
import { RequireAuth } from './guards';
import { lazyPage } from './lazy-page';
import { PAGES, REDIRECTS } from './pages';
import Shell from './shell/shell';

// Paths relative to the area's route ('*' at the root), as React Router matches routes below another.
const routes: RouteObject[] = [
  ...PAGES.map((entry) => ({ path: entry.path.slice(1), handle: entry, element: lazyPage(entry.load, entry.rule) })),
  ...REDIRECTS.map((entry) => ({ path: entry.path.slice(1), element: <Navigate to={entry.redirect} replace /> })),
  // Any other path, signed in: the not-found page inside the shell (signed out: the public one, see RequireAuth).
  { path: '*', element: lazyPage(() => import('../components/not-found-in-shell')) },
];

/** The page table's entry of a path (none on the not-found route). */
function pageAt(pathname: string): PageDefinition | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.handle as PageDefinition | undefined;
}

/**
 * The signed-in area, loaded when a path is none of the public pages' (router.tsx): its layout and
 * every feature's page table, so the public pages' first script carries neither
 * (docs/decisions/0013-compressed-static-and-cache.md). Signed out, a path that is one of its pages
 * leads to the sign-in page and any other path shows the public not-found page.
 */
export default function SignedInArea() {
  const location = useLocation();
  const element = useRoutes(routes);
  const matched = matchRoutes(routes, location)?.at(-1)?.route;
  return (
    <RequireAuth knownPage={matched !== undefined && matched.path !== '*'}>
      <ShownPage page={matched?.handle as PageDefinition | undefined}>{element}</ShownPage>
    </RequireAuth>
  );
}

/**
 * The shell around the page the user will see. A page that leads this user elsewhere is resolved
 * here, before anything is named: the shell names the page led to (title, breadcrumbs, menu entry)
 * from its first paint, never the page the user does not get.
 */
function ShownPage({ page, children }: { page: PageDefinition | undefined; children: ReactNode }) {
  const { can } = useAuth();
  if (page?.elsewhere && !allows(page.elsewhere.unless, can)) {
    return (
      <Shell page={pageAt(page.elsewhere.to)}>
        <Navigate to={page.elsewhere.to} replace />
      </Shell>
    );
  }
  return <Shell page={page}>{children}</Shell>;
}
