import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { RouteErrorBoundary } from '../components/route-error';
import { RequireGuest } from './guards';
import { lazyPage, PageLoading } from './lazy-page';
import { ScrollRestoration } from './scroll-restoration';

/**
 * The routes, in React Router's declarative mode (docs/decisions/0022-declarative-router.md): its
 * data router would add about 17 KB gzip to every page's first script for loaders and actions we do
 * not use. Every page is a chunk of its own; navigations run as transitions, so the page on screen
 * stays until the next one has loaded.
 *
 * The signed-in area (its layout, its page table and every feature's pages) is one chunk, loaded on
 * the first path that is none of the public pages'; it decides there whether the path is a page of
 * its own (signed-in.tsx).
 */
const SignedInArea = lazy(() => import('./signed-in'));
// The help centre's frame and its home page come as one chunk: /help is where most visits start.
const HelpLayout = lazy(() => import('../features/help/help-centre').then((module) => ({ default: module.HelpLayout })));
const HelpHomePage = lazy(() => import('../features/help/help-centre').then((module) => ({ default: module.HelpHomePage })));

export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollRestoration />
      <RouteErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path="/" element={lazyPage(() => import('../features/landing/landing-page'))} />
            <Route path="/auth" element={<RequireGuest />}>
              <Route index element={<Navigate to="/auth/login" replace />} />
              <Route element={lazyPage(() => import('../features/auth/auth-layout'))}>
                <Route path="login" element={lazyPage(() => import('../features/auth/login-page'))} />
                <Route path="registration" element={lazyPage(() => import('../features/auth/registration-page'))} />
                <Route path="register" element={<Navigate to="/auth/registration" replace />} />
                <Route path="forgot-password" element={lazyPage(() => import('../features/auth/forgot-password-page'))} />
                <Route path="reset-password/:resetToken" element={lazyPage(() => import('../features/auth/reset-password-page'))} />
              </Route>
            </Route>
            {/* The status page has its own frame (a public page of its own, like the landing page). */}
            <Route path="/help/status" element={lazyPage(() => import('../features/status/status-page'))} />
            {/* The Help Center (docs/product.md#help-center): public, light, and open to signed-in users too. */}
            <Route path="/help" element={<HelpLayout />}>
              <Route index element={<HelpHomePage />} />
              <Route path="guides" element={lazyPage(() => import('../features/help/help-guides-page'))} />
              <Route path="guides/:slug" element={lazyPage(() => import('../features/help/help-guide-page'))} />
              <Route path="faq" element={lazyPage(() => import('../features/help/help-faq-page'))} />
              <Route path="contact" element={lazyPage(() => import('../features/help/help-contact-page'))} />
              <Route path="privacy" element={lazyPage(() => import('../features/help/help-privacy-page'))} />
              <Route path="legal" element={lazyPage(() => import('../features/help/help-legal-page'))} />
            </Route>
            <Route path="/logout" element={lazyPage(() => import('../features/auth/logout-page'))} />
            <Route path="/error" element={<Navigate to="/error/error-v1" replace />} />
            <Route path="/error/error-v1" element={lazyPage(() => import('../components/not-found-page'))} />
            <Route path="/unauthorized" element={lazyPage(() => import('../components/unauthorized-page'))} />
            <Route path="*" element={<SignedInArea />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
