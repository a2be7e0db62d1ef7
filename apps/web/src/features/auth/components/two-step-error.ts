import { TWO_STEP_ERROR_CODES } from '@sms/contracts/two-step';
import { ApiError } from '../../../lib/api-error';
import { retryDelay, type RetryDelay } from './login-error';

/** What the two-steps page shows for a failure: a translated key (with a wait) or the server's text. */
export type TwoStepErrorView =
  { key: 'invalidCode' | 'expired' | 'smsUnavailable' } | { key: 'throttled'; delay: RetryDelay | null } | { text: string };

/** Maps a failed second step to what the page shows; `expired` sends the user back to sign in. */
export function twoStepErrorView(error: unknown): TwoStepErrorView {
  if (error instanceof ApiError) {
    if (error.status === 429) return { key: 'throttled', delay: error.retryAfter === undefined ? null : retryDelay(error.retryAfter) };
    if (error.code === TWO_STEP_ERROR_CODES.invalidCode) return { key: 'invalidCode' };
    if (error.code === TWO_STEP_ERROR_CODES.challengeInvalid) return { key: 'expired' };
    if (error.code === TWO_STEP_ERROR_CODES.smsUnavailable) return { key: 'smsUnavailable' };
    return { text: error.message };
  }
  return { text: error instanceof Error ? error.message : String(error) };
}
