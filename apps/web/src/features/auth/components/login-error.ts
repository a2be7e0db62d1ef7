import { ERROR_CODES } from '@sms/contracts/error-codes';
import { ApiError } from '../../../lib/api-error';

/** A wait expressed in the largest sensible unit, rounded up (never "0 minutes"). */
export interface RetryDelay {
  value: number;
  unit: 'second' | 'minute' | 'hour';
}

/** Seconds until a retry may succeed -> { value, unit } for Intl.RelativeTimeFormat. */
export function retryDelay(seconds: number): RetryDelay {
  const safe = Math.max(1, Math.ceil(Number.isFinite(seconds) ? seconds : 1));
  if (safe < 60) return { value: safe, unit: 'second' };
  if (safe < 3600) return { value: Math.ceil(safe / 60), unit: 'minute' };
  return { value: Math.ceil(safe / 3600), unit: 'hour' };
}

/** What the login form shows for a failure: a translated key (with the retry delay) or the server's text. */
export type LoginErrorView =
  { key: 'invalidCredentials' | 'accountDisabled' } | { key: 'throttled' | 'locked'; delay: RetryDelay | null } | { text: string };

/** Maps a failed sign-in to what the form shows; unknown failures keep the spec's message rule. */
export function loginErrorView(error: unknown): LoginErrorView {
  if (error instanceof ApiError) {
    // ACCOUNT_LOCKED: the account failed from many addresses; a reset link still lets its owner in.
    if (error.status === 429)
      return {
        key: error.code === ERROR_CODES.accountLocked ? 'locked' : 'throttled',
        delay: error.retryAfter === undefined ? null : retryDelay(error.retryAfter),
      };
    if (error.status === 401 && error.code === ERROR_CODES.invalidCredentials) return { key: 'invalidCredentials' };
    if (error.status === 401 && error.code === 'ACCOUNT_DISABLED') return { key: 'accountDisabled' };
    return { text: error.message };
  }
  return { text: error instanceof Error ? error.message : String(error) };
}
