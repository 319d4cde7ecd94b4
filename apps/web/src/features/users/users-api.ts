import type { AssignableRole, UserProfile, UserSummary } from '@amp/contracts/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ME_QUERY_KEY } from '../../lib/auth';

/** docs/api-contract.md, "Users": the answers' types come from their schemas in the contracts. */
export type { AssignableRole, UserProfile, UserSummary };

/** page, pageSize, search, sort, order, status, roleId: as kept in the URL by useUrlListState. */
export type UserListQuery = Record<string, string | number | undefined>;

export interface UserInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  telephone?: string;
  designation?: string;
  roleId?: string;
}

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
    queryFn: () => api.page<UserSummary>('/v2/user', { ...query }),
    // The old page stays on screen while the next one loads, instead of a flash of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string) {
  return useQuery({ queryKey: userKeys.detail(id), queryFn: () => api.get<UserProfile>(`/v2/user/data/${id}`) });
}

export function useAssignableRoles() {
  return useQuery({ queryKey: assignableRolesKey, queryFn: () => api.get<AssignableRole[]>('/v2/role/assign'), staleTime: 60_000 });
}

export function useCreateUser(creatorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserInput) => api.post<UserSummary>(`/v2/user/create/${creatorId}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useEditUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserInput) => api.put<UserSummary>(`/v2/user/edit/${id}`, input),
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
    mutationFn: ({ id, action }: { id: string; action: StatusAction }) => api.post<UserSummary>(`/v2/user/${action}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
