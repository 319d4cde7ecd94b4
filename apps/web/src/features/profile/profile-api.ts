import type { CurrentUser } from '@amp/contracts/account';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** `UserProfile` of docs/api-contract.md. */
export interface UserProfile {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  telephone: string | null;
  designation: string | null;
  status: string;
  role: { _id: string; name: string };
  createdAt: string;
  organisation: { _id: string; name: string; kind: string };
  settings: CurrentUser['settings'];
}

// Under 'users', so the user administration's invalidations refresh one's own profile too.
export const profileKey = (id: string) => ['users', 'profile', id] as const;

export function useProfile(id: string) {
  return useQuery({ queryKey: profileKey(id), queryFn: () => api.get<UserProfile>(`/v2/user/profile/${id}`) });
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
