import type { CurrentUser } from '@amp/contracts/account';
import type { NotificationPreferencesInput } from '@amp/contracts/notification';
import { notificationOperations } from '@amp/contracts/operations/notification';
import { userOperations } from '@amp/contracts/operations/user';
import type { UserProfile } from '@amp/contracts/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-call';

/** `UserProfile` of docs/api-contract.md: the answer's type comes from its schema in the contracts. */
export type { UserProfile };

// Under 'users', so the user administration's invalidations refresh one's own profile too.
export const profileKey = (id: string) => ['users', 'profile', id] as const;

export function useProfile(id: string) {
  return useQuery({ queryKey: profileKey(id), queryFn: () => call(userOperations.profile, { params: { id } }) });
}

// Signing out clears the cache, so one key serves whoever is signed in.
export const notificationPreferencesKey = ['notification', 'preferences'] as const;

/** The signed-in user's choice per event, only for the events they can receive (GET /v2/notification/preferences). */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesKey,
    queryFn: () => call(notificationOperations.preferences),
  });
}

/** Saves every event's choice at once (PUT /v2/notification/preferences); the answer is the new list. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => call(notificationOperations.savePreferences, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesKey, saved),
  });
}

/** What the pages show: the loaded profile, or the signed-in user while it loads. */
export function profileView(user: CurrentUser, profile: UserProfile | undefined): UserProfile {
  if (profile) return profile;
  return {
    _id: user._id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    telephone: user.telephone,
    designation: user.designation,
    status: 'active',
    role: { _id: user.userRole._id, name: user.userRole.name },
    createdAt: '',
    organisation: user.organisation,
    settings: user.settings,
  };
}
