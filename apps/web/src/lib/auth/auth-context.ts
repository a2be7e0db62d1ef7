import type { Rule } from '@sms/contracts/policy';
import type { TwoStepChallenge } from '@sms/contracts/two-step';
import type { User } from '@sms/contracts/users';
import { createContext } from 'react';

/** How a sign-in with the password ended: signed in, or a second step is due (no session yet). */
export type LoginOutcome = { kind: 'signed-in'; user: User } | { kind: 'two-step'; challenge: TwoStepChallenge };

/** What useAuth() returns. */
export interface AuthValue {
  user: User | null;
  token: string | null;
  /** The signed-in user's permission rules (from GET /api/users/me). */
  abilities: Rule[];
  /** True until the stored session has been checked at start-up. */
  loading: boolean;
  isAuthenticated: boolean;
  /** True after the user chose to sign out, so guards send them to a plain login page (no redirect back). */
  signedOutByUser: boolean;
  /**
   * Signs in with the password: stores token and user, or answers the two-step challenge when a
   * second step is due; rejects with an ApiError on failure.
   */
  login: (email: string, password: string) => Promise<LoginOutcome>;
  /** Starts the session a completed second step answered (as login does for the password alone). */
  completeSignIn: (session: { user: User; token: string }) => Promise<User>;
  /** Signs out on the server (failures ignored) and clears the session and the query cache. */
  logout: () => Promise<void>;
  /** Replaces the session (e.g. after a password change returned a new token). */
  setSession: (session: { user: User; token: string }) => Promise<void>;
  /** Reloads the current user and abilities from GET /api/users/me. */
  refreshUser: () => Promise<void>;
}

export const AuthContext = createContext<AuthValue | null>(null);
