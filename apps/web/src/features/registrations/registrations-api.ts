import type { BodyInput } from '@amp/contracts/operations/operation';
import { registrationOperations as op } from '@amp/contracts/operations/registration';
import type { StateWithLgas } from '@amp/contracts/reference';
import { REGISTRATION_STATUSES, type Registration, type RegistrationStatus } from '@amp/contracts/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callAnswer } from '../../lib/api-call';
import { useStates } from '../../lib/queries/reference';

/** docs/api-contract.md, "Registration": the answer's type comes from its schema in the contracts. */
export { REGISTRATION_STATUSES, type Registration, type RegistrationStatus };

export type RegistrationQuery = Record<string, string | number | undefined>;

export const registrationKeys = {
  all: ['registrations'] as const,
  list: (query: RegistrationQuery) => ['registrations', 'list', query] as const,
};

export function useRegistrations(query: RegistrationQuery) {
  return useQuery({
    queryKey: registrationKeys.list(query),
    queryFn: () => callAnswer(op.list, { query }),
    placeholderData: keepPreviousData,
  });
}

const namesByAlias = (states: StateWithLgas[]) => new Map(states.map((entry) => [entry.alias, entry.state]));

/** The states list (public, rarely changes) turns a stored alias back into the state's name. */
export function useStateNames() {
  return useStates({ select: namesByAlias });
}

/** What POST /v2/user/registrations/:id/decision takes: approve (with the account type), or reject. */
type RegistrationDecision = BodyInput<typeof op.decide>;

export function useDecideRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, accountType }: { id: string } & RegistrationDecision) =>
      call(op.decide, { params: { id }, body: approve ? { approve, accountType } : { approve } }),
    // Also on failure: a 409 means someone else decided it, so the list is out of date either way.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: registrationKeys.all });
      // The super admin's dashboard counts pending registrations.
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
