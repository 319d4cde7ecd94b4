import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** docs/api-contract.md, "Categories": the list is public and sorted by name. */
export interface SubCategory {
  _id: string;
  name: string;
}

export interface Category {
  _id: string;
  name: string;
  subCategories: SubCategory[];
}

export const categoryKeys = { all: ['categories'] as const };

export function useCategories() {
  return useQuery({ queryKey: categoryKeys.all, queryFn: () => api.get<Category[]>('/v2/category') });
}

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
