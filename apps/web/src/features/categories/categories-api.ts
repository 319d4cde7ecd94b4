import type { NamedRef } from '@amp/contracts/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type Category, referenceKeys } from '../../lib/queries/reference';

/** docs/api-contract.md, "Categories": the list is public and sorted by name (read through lib/queries, shared with the asset and registration forms). */
export type { Category };
export type SubCategory = NamedRef;

export const categoryKeys = { all: referenceKeys.categories };

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; subCategories: string[] }) => api.post<Category>('/v2/category/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useAddSubCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, name }: { categoryId: string; name: string }) =>
      api.post<SubCategory>(`/v2/category/${categoryId}/sub-category`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
