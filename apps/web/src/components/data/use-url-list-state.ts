import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface UrlListOptions<F extends string> {
  /** Extra query-string keys this list filters on (e.g. `status`, `roleId`). */
  filters?: readonly F[];
  pageSize?: number;
  sort?: string;
  order?: SortOrder;
}

export interface UrlListState<F extends string> {
  page: number;
  pageSize: number;
  search: string;
  sort: string | undefined;
  order: SortOrder;
  filters: Record<F, string | undefined>;
  /** The state as API query parameters (docs/api-contract.md: page, pageSize, search, sort, order). */
  query: Record<string, string | number | undefined>;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
  setSearch(search: string): void;
  setFilter(key: F, value: string | null | undefined): void;
  toggleSort(column: string): void;
  setSort(column: string, order: SortOrder): void;
  /** True when a search or a filter narrows the list: the empty state then says "no match" rather than "nothing yet". */
  narrowed: boolean;
  resetFilters(): void;
}

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * Keeps a list's page, page size, search, sort and filters in the URL query string, so a list
 * can be bookmarked, shared, reloaded and walked with the back button. Defaults are left out of
 * the URL to keep it short. Any change other than the page itself goes back to page 1, because
 * the old page number means nothing in a differently filtered list.
 */
export function useUrlListState<F extends string = never>(options: UrlListOptions<F> = {}): UrlListState<F> {
  const [params, setParams] = useSearchParams();
  const defaultPageSize = options.pageSize ?? 20;
  const defaultOrder = options.order ?? 'asc';
  const filterKeys = options.filters ?? [];

  const page = positiveInt(params.get('page'), 1);
  const pageSize = Math.min(100, positiveInt(params.get('pageSize'), defaultPageSize));
  const search = params.get('search') ?? '';
  const sort = params.get('sort') ?? options.sort;
  const order: SortOrder = params.get('order') === 'desc' ? 'desc' : params.get('order') === 'asc' ? 'asc' : defaultOrder;
  const filterSignature = filterKeys.map((key) => params.get(key) ?? '').join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the filter values
  const filters = useMemo(
    () => Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? undefined])) as Record<F, string | undefined>,
    [filterSignature],
  );

  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>, { keepPage = false, replace = false } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!keepPage) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  return {
    page,
    pageSize,
    search,
    sort,
    order,
    filters,
    query: { page, pageSize, search: search || undefined, sort, order: sort ? order : undefined, ...filters },
    narrowed: search !== '' || Object.values(filters).some(Boolean),
    setPage: (next) => update({ page: next > 1 ? next : null }, { keepPage: true }),
    setPageSize: (next) => update({ pageSize: next === defaultPageSize ? null : next }),
    // Typing replaces the history entry, so the back button skips the half-typed searches.
    setSearch: (next) => update({ search: next.trim() }, { replace: true }),
    setFilter: (key, value) => update({ [key]: value }),
    toggleSort: (column) => {
      const nextOrder: SortOrder = sort === column && order === 'asc' ? 'desc' : 'asc';
      update({ sort: column, order: nextOrder });
    },
    setSort: (column, nextOrder) => update({ sort: column, order: nextOrder }),
    resetFilters: () => update(Object.fromEntries([...filterKeys, 'search'].map((key) => [key, null]))),
  };
}
