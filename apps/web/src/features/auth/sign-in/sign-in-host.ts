import type { LoginOutcome } from '../../../lib/auth/auth-context';

/**
 * What the sign-in page needs from whatever shows it: the sign-in entry before the app's code is
 * there, or the app's router once it is (decision 071). The page itself knows neither.
 */
export interface SignInHost {
  /** Where to go once signed in: the `redirect` parameter when it is a same-site path, else the dashboard. */
  target: string;
  /** Signs in with the password: a stored session, or the challenge of a second step still due. */
  signIn: (email: string, password: string) => Promise<LoginOutcome>;
  /** After the password: to the target when signed in, else to the two-steps page. */
  continueSignIn: (outcome: LoginOutcome) => void;
  /** Opens another page of the app (registration, forgotten password). */
  navigate: (to: string) => void;
  /** A sign that the user may leave soon (a pointer on the button or a link, a submit): fetch what that needs. */
  prepareToLeave: () => void;
  /** Whether the page shows in dark mode, and the switch. */
  dark: boolean;
  setDark: (dark: boolean) => void;
}
