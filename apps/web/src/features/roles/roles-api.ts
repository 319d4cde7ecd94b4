import type { Role } from '@amp/contracts/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ME_QUERY_KEY } from '../../lib/auth';

/** docs/api-contract.md, "Roles": the answer's type comes from its schema in the contracts. */
export type { Role };

export type RoleListQuery = Record<string, string | number | undefined>;

/** Everything under 'roles', including the users feature's assignable roles, is refreshed after a change. */
export const roleKeys = {
  all: ['roles'] as const,
  list: (query: RoleListQuery) => ['roles', 'list', query] as const,
  detail: (id: string) => ['roles', 'detail', id] as const,
};

export function useRoles(query: RoleListQuery) {
  return useQuery({
    queryKey: roleKeys.list(query),
    queryFn: () => api.page<Role>('/v2/role/createdBy', query),
    placeholderData: keepPreviousData,
  });
}

export function useRole(id: string) {
  return useQuery({ queryKey: roleKeys.detail(id), queryFn: () => api.get<Role>(`/v2/role/permission/${id}`) });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; permissions: string[] }) => api.post<Role>('/v2/role/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

export function useUpdateRolePermissions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: string[]) => api.post<Role>(`/v2/role/permission/${id}`, { id, permissions }),
    onSuccess: async (role) => {
      queryClient.setQueryData(roleKeys.detail(id), role);
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      // The signed-in user may hold this role: their menu follows its permissions.
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
