import type { AccountType } from '@amp/contracts/organisation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** docs/api-contract.md, "Registration". */
export interface Registration {
  _id: string;
  organisationName: string | null;
  isCompany: boolean;
  accountType: AccountType;
  status: RegistrationStatus | string;
  /** The organisation's own contact details, when they differ from its first user's. */
  email?: string | null;
  telephone?: string | null;
  address: string | null;
  /** An alias such as `lagos`, or the state object of the registration form. */
  state: string | { state: string; alias: string } | null;
  lga: string | null;
  categories: { _id: string; name: string }[];
  subCategories: { _id: string; name: string }[];
  createdAt: string;
  user: { _id: string; firstName: string; lastName: string; email: string; telephone: string | null; designation: string | null };
}

export interface StateEntry {
  state: string;
  alias: string;
}

export type RegistrationQuery = Record<string, string | number | undefined>;

export const registrationKeys = {
  all: ['registrations'] as const,
  list: (query: RegistrationQuery) => ['registrations', 'list', query] as const,
};

export function useRegistrations(query: RegistrationQuery) {
  return useQuery({
    queryKey: registrationKeys.list(query),
    queryFn: () => api.page<Registration>('/v2/user/registrations', query),
    placeholderData: keepPreviousData,
  });
}

/** The states list (public, rarely changes) turns a stored alias back into the state's name. */
export function useStateNames() {
  return useQuery({
    queryKey: ['reference', 'states'],
    queryFn: () => api.get<StateEntry[]>('/v2/states'),
    staleTime: Number.POSITIVE_INFINITY,
    select: (states) => new Map(states.map((entry) => [entry.alias, entry.state])),
  });
}

export function useDecideRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, accountType }: { id: string; approve: boolean; accountType?: AccountType }) =>
      api.post<Registration>(`/v2/user/registrations/${id}/decision`, approve ? { approve, accountType } : { approve }),
    // Also on failure: a 409 means someone else decided it, so the list is out of date either way.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: registrationKeys.all });
      // The super admin's dashboard counts pending registrations.
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
