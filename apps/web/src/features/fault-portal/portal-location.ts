import { useSyncExternalStore } from 'react';

/**
 * Where the portal's page is: its own pages (the report form and the tracking page) move with the
 * browser's history, without a router (docs/decisions/0016-portal-page-and-own-translator.md).
 * Paths outside the portal are documents of the app and are opened as such.
 */
const CHANGED = 'amp:portal-location';

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  window.addEventListener(CHANGED, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(CHANGED, listener);
  };
}

/** The current path and query, e.g. "/report/fault/track/FLT-7K3M9Q2X". */
export function usePortalLocation(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname + window.location.search);
}

/** Opens another portal page in this document (a new history entry, at the top of the page). */
export function goTo(path: string) {
  window.history.pushState(null, '', path);
  window.scrollTo({ top: 0 });
  window.dispatchEvent(new Event(CHANGED));
}

/** A link's props to another portal page: opened in this document, or in a new tab as any link. */
export function portalLink(path: string) {
  return {
    href: path,
    onClick: (event: { preventDefault(): void; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; button: number }) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      goTo(path);
    },
  };
}
