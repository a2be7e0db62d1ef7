import { POLICY, type Rule } from '@sms/contracts/policy';
import type { User } from '@sms/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getMe, getMeOnce } from '../../api/users/get-me';
import { logout as requestLogout } from '../../api/users/logout';
import { requestPasswordSignIn } from '../../api/users/password-sign-in';
import { onUnauthorized } from '../api-client';
import { AuthContext, type AuthValue, type LoginOutcome } from './auth-context';
import { clearStoredSession, readToken, storeSession, storeUser, TOKEN_KEY, validStoredSession } from './session-storage';
import { emitSignedIn } from './sign-in-events';

interface SessionState {
  user: User | null;
  token: string | null;
  abilities: Rule[];
  loading: boolean;
  isAuthenticated: boolean;
  signedOutByUser: boolean;
}

const SIGNED_OUT: SessionState = { user: null, token: null, abilities: [], loading: false, isAuthenticated: false, signedOutByUser: false };
const LOGOUT_TIMEOUT_MS = 10_000;

/** The role's rules from the shared policy: used until (or if) /me cannot be reached. */
const fallbackRules = (user: User): Rule[] => POLICY[user.role] ?? [];

/** The session to start with: the stored one (still to be checked with /me), else signed out. */
function storedSession(): SessionState {
  const stored = validStoredSession();
  if (!stored) return SIGNED_OUT;
  return { ...stored, abilities: fallbackRules(stored.user), loading: true, isAuthenticated: true, signedOutByUser: false };
}

/** Holds the session (spec section 4) and exposes it through useAuth(). */
export function AuthContextProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The stored session is read while rendering the first time, not in an effect: an effect's
  // update would render the whole app a second time, in one long task, before the first paint.
  const [state, setState] = useState<SessionState>(storedSession);

  const signedOut = useCallback(
    (byUser = false) => {
      setState({ ...SIGNED_OUT, signedOutByUser: byUser });
      queryClient.clear();
    },
    [queryClient],
  );

  /** GET /me: updates the user and abilities; a 401 is handled by the API client's listener. */
  const loadMe = useCallback(async (first = false): Promise<void> => {
    const me = await (first ? getMeOnce() : getMe());
    storeUser(me.user);
    // A transition: React renders the app with the answer in slices, between which the page stays responsive.
    startTransition(() =>
      setState((current) => (current.token ? { ...current, user: me.user, abilities: me.abilities, loading: false } : current)),
    );
  }, []);

  // Start-up: restore a stored session only if its token has not expired, then check it with /me.
  useEffect(() => {
    let active = true;
    if (!validStoredSession()) {
      clearStoredSession();
      return;
    }
    loadMe(true)
      .catch(() => undefined)
      .finally(() => {
        if (active) startTransition(() => setState((current) => (current.loading ? { ...current, loading: false } : current)));
      });
    return () => {
      active = false;
    };
  }, [loadMe]);

  // Any 401 (the client already cleared storage) or a sign-out in another tab ends this session.
  useEffect(() => onUnauthorized(() => signedOut()), [signedOut]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if ((event.key === TOKEN_KEY || event.key === null) && !readToken()) signedOut(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [signedOut]);

  const setSession = useCallback(
    async ({ user, token }: { user: User; token: string }) => {
      storeSession(token, user);
      setState({ user, token, abilities: fallbackRules(user), loading: false, isAuthenticated: true, signedOutByUser: false });
      await loadMe().catch(() => undefined);
    },
    [loadMe],
  );

  const completeSignIn = useCallback(
    async ({ user, token }: { user: User; token: string }): Promise<User> => {
      queryClient.clear();
      await setSession({ user, token });
      emitSignedIn(user);
      return user;
    },
    [queryClient, setSession],
  );

  const login = useCallback(
    async (email: string, password: string): Promise<LoginOutcome> => {
      const result = await requestPasswordSignIn(email, password);
      if ('twoStepRequired' in result) return { kind: 'two-step', challenge: result };
      return { kind: 'signed-in', user: await completeSignIn(result) };
    },
    [completeSignIn],
  );

  const logout = useCallback(async () => {
    await requestLogout(LOGOUT_TIMEOUT_MS).catch(() => undefined);
    clearStoredSession();
    signedOut(true);
  }, [signedOut]);

  const refreshUser = useCallback(() => loadMe(), [loadMe]);

  const value = useMemo<AuthValue>(
    () => ({ ...state, login, completeSignIn, logout, setSession, refreshUser }),
    [state, login, completeSignIn, logout, setSession, refreshUser],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
