import { paths } from '../../../config/paths';
import type { LoginOutcome } from '../../../lib/auth/auth-context';
import { storePendingTwoStep } from '../../../lib/auth/pending-two-step';
import type { AuthVariant } from './auth-layout';

/**
 * Where a sign-in goes after the password: to `target` when signed in, else to the two-steps page
 * (same layout), with the challenge kept for it. `replace`: the sign-in page leaves the history.
 * Without the router: the sign-in entry follows it too (decision 071).
 */
export function nextAfterPassword(outcome: LoginOutcome, variant: AuthVariant, target: string): { to: string; replace: boolean } {
  if (outcome.kind === 'signed-in') return { to: target, replace: true };
  storePendingTwoStep({ ...outcome.challenge, redirect: target });
  return { to: variant === 'split' ? paths.split.twoSteps : paths.twoSteps, replace: false };
}
