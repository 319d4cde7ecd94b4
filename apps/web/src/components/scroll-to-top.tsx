import { useThrottledCallback } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';

// The button itself (with its transition) is loaded the first time the page is scrolled far enough
// to show it, not with every page.
const ScrollToTopButton = lazy(() => import('./scroll-to-top-button'));

export interface ScrollToTopProps {
  /** Pixels scrolled before the button shows: 300 in the app, 100 on the landing page (docs/product.md#limits-and-constants). */
  threshold?: number;
}

/** docs/product.md#limits-and-constants: the scroll handler is throttled to 200 ms so long pages stay smooth. */
const SCROLL_THROTTLE_MS = 200;

const SIZE = 44;
const OFFSET = 24;

/**
 * The width, from the right edge of the window, that the button covers (with a little air): a
 * footer at the bottom of the page keeps its text out of it, so the button never hides a link.
 */
export const SCROLL_TO_TOP_CLEARANCE = OFFSET + SIZE + 8;

export function ScrollToTop({ threshold = 300 }: ScrollToTopProps) {
  const [visible, setVisible] = useState(false);
  const [wanted, setWanted] = useState(false);
  const onScroll = useThrottledCallback(() => {
    const show = window.scrollY > threshold;
    setVisible(show);
    if (show) setWanted(true);
  }, SCROLL_THROTTLE_MS);

  // No reading of the position on mount: it would force the browser to lay out the page just drawn
  // inside React's work (the largest script cost of the help centre's first load). A page restored
  // to a position scrolls there, and that scroll event shows the button.
  useEffect(() => {
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [onScroll]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToTopButton visible={visible} size={SIZE} offset={OFFSET} />
    </Suspense>
  );
}
