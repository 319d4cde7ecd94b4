import { userOperations } from '@amp/contracts/operations/user';
import type { ServiceProvider } from '@amp/contracts/user';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../api';
import { callAnswer } from '../api-call';

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
      callAnswer(userOperations.serviceProviders, {
        query: { search: search || undefined, pageSize: PROVIDER_SEARCH_PAGE_SIZE, sort: 'name' },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    select: options.select,
  });
}
