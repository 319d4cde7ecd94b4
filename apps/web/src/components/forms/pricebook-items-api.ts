import { pricebookOperations } from '@amp/contracts/operations/pricebook';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { callAnswer } from '../../lib/api-call';

export const PRICEBOOK_PICKER_PAGE_SIZE = 30;

/**
 * The active items of an organisation's pricebook matching a search (GET /v2/pricebook/of/:id), for
 * the cost line pickers. Under 'pricebook', so a change to a pricebook refreshes them. A 404 (the
 * book is not open to the caller) is an answer, not a failure to retry.
 */
export function usePricebookItems(organisationId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['pricebook', 'cost-line-picker', organisationId, search],
    queryFn: () =>
      callAnswer(pricebookOperations.listOf, {
        params: { organisationId },
        query: { search: search || undefined, state: 'active', sort: 'name', pageSize: PRICEBOOK_PICKER_PAGE_SIZE },
      }),
    enabled: enabled && organisationId !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
  });
}
