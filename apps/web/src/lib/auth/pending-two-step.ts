import type { TwoStepChallenge } from '@sms/contracts/two-step';

/** sessionStorage key of a sign-in waiting for its second step (survives a reload of that page). */
export const PENDING_TWO_STEP_KEY = 'two-step-challenge';

/** A password-checked sign-in and where to go once it is complete. */
export interface PendingTwoStep extends TwoStepChallenge {
  redirect: string;
}

/** Keeps the challenge for the two-steps page (this tab only; it dies with the tab or in 5 minutes). */
export function storePendingTwoStep(pending: PendingTwoStep): void {
  try {
    window.sessionStorage.setItem(PENDING_TWO_STEP_KEY, JSON.stringify(pending));
  } catch {
    // storage blocked: the two-steps page will ask to sign in again
  }
}

/** The pending sign-in, or null when there is none or it has expired. */
export function readPendingTwoStep(now: number = Date.now()): PendingTwoStep | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_TWO_STEP_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!value || typeof value !== 'object') return null;
    const pending = value as PendingTwoStep;
    if (typeof pending.challenge !== 'string' || !Array.isArray(pending.methods) || typeof pending.expiresAt !== 'string') return null;
    if (new Date(pending.expiresAt).getTime() <= now) return null;
    return { ...pending, redirect: typeof pending.redirect === 'string' ? pending.redirect : '/' };
  } catch {
    return null;
  }
}

/** Forgets the pending sign-in (completed, expired or abandoned). */
export function clearPendingTwoStep(): void {
  try {
    window.sessionStorage.removeItem(PENDING_TWO_STEP_KEY);
  } catch {
    // nothing to clear
  }
}
