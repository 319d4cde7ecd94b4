import type { ServiceProvider } from '@amp/contracts/user';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Page } from '../api';

export type { ServiceProvider };

export const PROVIDER_SEARCH_PAGE_SIZE = 50;

/** Active provider organisations (MRO, IMO, external technicians) matching a search, by name: the assign form's and the SLA form's pickers. */
export function useServiceProviders<T = Page<ServiceProvider>>(
  search: string,
  options: { select?: (page: Page<ServiceProvider>) => T } = {},
) {
  return useQuery({
    queryKey: ['service-providers', search],
    queryFn: () =>
      api.page<ServiceProvider>('/v2/user/service-provider', {
        search: search || undefined,
        pageSize: PROVIDER_SEARCH_PAGE_SIZE,
        sort: 'name',
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    select: options.select,
  });
}
