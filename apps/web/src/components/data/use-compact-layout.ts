import { useMediaQuery } from '@mantine/hooks';

/**
 * True on narrow screens (below the md breakpoint, 768 px, docs/product.md#limits-and-constants), where a list's
 * table turns into cards: a phone cannot show five columns and their actions side by side.
 * Read at once, not after a first render, so a phone never flashes the table first.
 */
export function useCompactLayout(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false }) ?? false;
}
