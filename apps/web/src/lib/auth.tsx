import type { CurrentUser } from '@amp/contracts/account';
import { accountOperations } from '@amp/contracts/operations/account';
import { holds, type PermissionRule } from '@amp/contracts/permission-rules';
import { readerTimeZone } from '@amp/contracts/time-zone';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { isNetworkError, reportNetworkFailure } from '../offline/network';
import { ApiError, getToken, setToken } from './api';
import { call } from './api-call';
import { setReaderZone } from './reader-time-zone';

interface AuthState {
  token: string | null;
  user: CurrentUser | null;
  loading: boolean;
  /** Stores the token; the user is then loaded (docs/product.md#the-session). */
  signIn(token: string): void;
  signOut(): Promise<void>;
  can(rule: PermissionRule | undefined): boolean;
}

const AuthContext = createContext<AuthState | null>(null);
export const ME_QUERY_KEY = ['account', 'me'] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState<string | null>(() => getToken());
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: [...ME_QUERY_KEY, token],
    queryFn: () => call(accountOperations.me),
    enabled: token !== null,
    staleTime: 60_000,
    // No signal (a dead Wi-Fi the phone reports as connected) is no answer: try again, stay signed in.
    retry: (failures, error) => {
      if (!isNetworkError(error)) return false;
      reportNetworkFailure();
      return failures < 3;
    },
  });

  const signIn = useCallback(
    (newToken: string) => {
      setToken(newToken);
      queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
      setTokenState(newToken);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    if (getToken()) await call(accountOperations.logout).catch(() => undefined);
    setToken(null);
    setTokenState(null);
    queryClient.clear();
  }, [queryClient]);

  // A failure the server answered loading the current user signs out (docs/product.md#the-session).
  if (me.isError && token && me.error instanceof ApiError) {
    setToken(null);
    setTokenState(null);
  }

  const user = token ? (me.data ?? null) : null;
  // Set while rendering, before the pages below format a time in it.
  if (user) setReaderZone(readerTimeZone(user));
  const value = useMemo<AuthState>(
    () => ({
      token,
      user,
      loading: token !== null && me.isPending,
      signIn,
      signOut,
      can: (rule) => holds(user?.userRole.permission ?? [], rule),
    }),
    [token, user, me.isPending, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
