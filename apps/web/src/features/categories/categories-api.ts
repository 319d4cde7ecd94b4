import { categoryOperations as op } from '@amp/contracts/operations/category';
import type { BodyInput } from '@amp/contracts/operations/operation';
import type { NamedRef } from '@amp/contracts/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-call';
import { type Category, referenceKeys } from '../../lib/queries/reference';

/** docs/api-contract.md, "Categories": the list is public and sorted by name (read through lib/queries, shared with the asset and registration forms). */
export type { Category };
export type SubCategory = NamedRef;

export const categoryKeys = { all: referenceKeys.categories };

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyInput<typeof op.create>) => call(op.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useAddSubCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, ...body }: { categoryId: string } & BodyInput<typeof op.addSubCategory>) =>
      call(op.addSubCategory, { params: { id: categoryId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
