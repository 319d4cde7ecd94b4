import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { fileCacheName, isFileUrl, isSavableFile, sessionKey, trimFileCache } from './session-key';

/**
 * The app's service worker (docs/decisions/0021-offline-pwa.md). It keeps the app's own files (the
 * list Workbox writes into __WB_MANIFEST at build time) so the app opens without a signal, answers the
 * app's page navigations from the network and, when there is none, with the kept index.html, and
 * keeps the photos a signed-in session has looked at, per session. API answers are never kept here:
 * the page saves what a technician needs in IndexedDB, per user (src/offline/cache/saved-queries.ts).
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
}
declare const self: WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version takes over at once rather than after every tab has closed: the page is always asked of
// the network first, so an open tab and the server agree on which files exist.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
// Pages opened before the worker was installed (the first visit) are served by it from now on, so the
// photos the first session looks at are kept too.
clientsClaim();

/** The app's page, as the build wrote it. */
const APP_PAGE = '/index.html';
/** How long a navigation waits for the network before the kept page is shown (a signal too weak to use). */
const NAVIGATION_TIMEOUT_MS = 6000;

function fetchWithin(request: Request, milliseconds: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), milliseconds);
    fetch(request).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The app's pages: from the network (so a deploy is seen at once, docs/decisions/0013), or the kept
 * index.html when the network does not answer. Not the API, not the fault portal's paths (their own
 * page, portal.html, is not kept) and not files (a path whose last part has an extension).
 */
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetchWithin(request, NAVIGATION_TIMEOUT_MS);
      } catch {
        return (await matchPrecache(APP_PAGE)) ?? Response.error();
      }
    },
    { denylist: [/^\/v2(\/|$)/, /^\/api(\/|$)/, /^\/report\/fault(\/|\?|$)/, /\/[^/?]+\.[^/?]+(\?|$)/] },
  ),
);

/**
 * The photos of the records a session looked at (the page fetches them with its token, see
 * components/files/authed-image.tsx): kept in that session's own cache, answered from it first (a
 * file never changes under its id), and only to a request carrying the same token.
 */
registerRoute(
  ({ request, url }) => request.method === 'GET' && isFileUrl(url) && request.headers.has('authorization'),
  async ({ request }) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    const cache = await caches.open(fileCacheName(await sessionKey(token)));
    const saved = await cache.match(request, { ignoreVary: true });
    if (saved) return saved;
    const response = await fetch(request);
    if (isSavableFile(response)) {
      await cache.put(request, response.clone());
      await trimFileCache(cache);
    }
    return response;
  },
);
