import { categoryOperations } from '@amp/contracts/operations/category';
import { referenceOperations } from '@amp/contracts/operations/reference';
import type { StateWithLgas } from '@amp/contracts/reference';
import type { Category } from '@amp/contracts/user';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-call';

/**
 * Queries that several features read, each defined once here (its key and its call), so every
 * caller shares one cache entry and one invalidation.
 */

/** GET /v2/states: a state with its LGAs. */
export type StateOption = StateWithLgas;

export type { Category };

export const referenceKeys = {
  states: ['reference', 'states'] as const,
  /** Creating a category or a sub-category refreshes everything under it. */
  categories: ['categories'] as const,
};

/** The key and read of the states (public); they never change while the app runs. */
export const statesQuery = {
  queryKey: referenceKeys.states,
  queryFn: () => call(referenceOperations.states),
  staleTime: Number.POSITIVE_INFINITY,
};

/** The states and their LGAs. */
export function useStates<T = StateOption[]>(options: { select?: (states: StateOption[]) => T } = {}) {
  return useQuery({ ...statesQuery, select: options.select });
}

/** The categories with their sub-categories (public), sorted by name. */
export function useCategories() {
  return useQuery({ queryKey: referenceKeys.categories, queryFn: () => call(categoryOperations.list), staleTime: 60_000 });
}
