import type { BodyInput } from '@amp/contracts/operations/operation';
import { roleOperations } from '@amp/contracts/operations/role';
import { userOperations as op } from '@amp/contracts/operations/user';
import type { AssignableRole, UserProfile, UserSummary } from '@amp/contracts/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callAnswer } from '../../lib/api-call';
import { ME_QUERY_KEY } from '../../lib/auth';

/** docs/api-contract.md, "Users": the answers' types come from their schemas in the contracts. */
export type { AssignableRole, UserProfile, UserSummary };

/** page, pageSize, search, sort, order, status, roleId: as kept in the URL by useUrlListState. */
export type UserListQuery = Record<string, string | number | undefined>;

/** What POST /v2/user/create/:userId takes. */
export type UserCreateInput = BodyInput<typeof op.create>;
/** What PUT /v2/user/edit/:_id takes: the same fields but the email, none of them required. */
export type UserEditInput = BodyInput<typeof op.edit>;

export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
};

/** Kept under the 'roles' prefix so that creating or changing a role (roles feature) refreshes it too. */
const assignableRolesKey = ['roles', 'assign'] as const;

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => callAnswer(op.list, { query: { ...query } }),
    // The old page stays on screen while the next one loads, instead of a flash of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string) {
  return useQuery({ queryKey: userKeys.detail(id), queryFn: () => call(op.detail, { params: { id } }) });
}

export function useAssignableRoles() {
  return useQuery({ queryKey: assignableRolesKey, queryFn: () => call(roleOperations.assignable), staleTime: 60_000 });
}

export function useCreateUser(creatorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserCreateInput) => call(op.create, { params: { userId: creatorId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useEditUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserEditInput) => call(op.edit, { params: { _id: id }, body: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      // Editing oneself (name, role) changes what the header and the menu show.
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export type StatusAction = 'deactivate' | 'reactivate';

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: StatusAction }) => call(op[action], { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
