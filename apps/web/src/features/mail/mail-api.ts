import type { FailedMail } from '@amp/contracts/mail';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** docs/api-contract.md, "Mail delivery": the answer's type comes from its schema in the contracts. */
export type { FailedMail };

export const mailKeys = {
  all: ['mail'] as const,
  failed: (query: Record<string, string | number | undefined>) => ['mail', 'failed', query] as const,
};

export function useFailedMail(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: mailKeys.failed(query),
    queryFn: () => api.page<FailedMail>('/v2/mail/failed', query),
    placeholderData: keepPreviousData,
  });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: string }>(`/v2/mail/retry/${id}`, {}),
    // Also on failure: a 409 means it was already sent again elsewhere.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: mailKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
