import { Workbox } from 'workbox-window';

/** The worker the build writes from service-worker.ts (vite.config.ts, installableApp). */
const WORKER_URL = '/service-worker.js';

let registered = false;

/**
 * Registers the service worker, which then keeps the app's files for offline use (about the whole
 * app once). Only once someone has signed in: a visitor of the landing page or the portal never pays
 * for it. Each registration also asks the server whether a new version exists.
 */
export function registerServiceWorker(): void {
  if (registered || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  registered = true;
  new Workbox(WORKER_URL, { scope: '/' }).register().catch((error: unknown) => {
    registered = false;
    console.warn('[amp] the service worker could not be registered', error);
  });
}
