import type { BodyInput } from '@amp/contracts/operations/operation';
import { roleOperations as op } from '@amp/contracts/operations/role';
import type { Role } from '@amp/contracts/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callAnswer } from '../../lib/api-call';
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
    queryFn: () => callAnswer(op.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useRole(id: string) {
  return useQuery({ queryKey: roleKeys.detail(id), queryFn: () => call(op.detail, { params: { id } }) });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyInput<typeof op.create>) => call(op.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

export function useUpdateRolePermissions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: BodyInput<typeof op.setPermissions>['permissions']) =>
      call(op.setPermissions, { params: { id }, body: { id, permissions } }),
    onSuccess: async (role) => {
      queryClient.setQueryData(roleKeys.detail(id), role);
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      // The signed-in user may hold this role: their menu follows its permissions.
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
