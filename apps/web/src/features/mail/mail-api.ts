import type { FailedMail } from '@amp/contracts/mail';
import { mailOperations as op } from '@amp/contracts/operations/mail';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callAnswer } from '../../lib/api-call';

/** docs/api-contract.md, "Mail delivery": the answer's type comes from its schema in the contracts. */
export type { FailedMail };

export const mailKeys = {
  all: ['mail'] as const,
  failed: (query: Record<string, string | number | undefined>) => ['mail', 'failed', query] as const,
};

export function useFailedMail(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: mailKeys.failed(query),
    queryFn: () => callAnswer(op.failed, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(op.retry, { params: { id } }),
    // Also on failure: a 409 means it was already sent again elsewhere.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: mailKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
