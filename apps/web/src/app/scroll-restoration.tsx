import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const POSITIONS_KEY = 'amp.scrollPositions';
/** Where each history entry was left, by its key; kept for the tab's life across reloads. */
const positions = new Map<string, number>(readPositions());

function readPositions(): [string, number][] {
  try {
    return JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? '[]');
  } catch {
    return [];
  }
}

let current = '';
if (typeof window !== 'undefined') {
  window.history.scrollRestoration = 'manual';
  // Kept as the user scrolls: by the time a navigation's effects run, the next page may already be on screen.
  addEventListener(
    'scroll',
    () => {
      if (current) positions.set(current, window.scrollY);
    },
    { passive: true },
  );
  addEventListener('pagehide', () => {
    // The last hundred entries are plenty for Back and Forward.
    sessionStorage.setItem(POSITIONS_KEY, JSON.stringify([...positions].slice(-100)));
  });
}

/**
 * Every navigation to a new page opens at its top (or at its #anchor); Back and Forward return to
 * where the user was on that entry, as browsers do for pages of their own.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    current = location.key;
    const saved = positions.get(location.key);
    if (type === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (type !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.hash, type]);
  return null;
}
