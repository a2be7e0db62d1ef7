import { DATABASE_UNAVAILABLE_CODE } from '@sms/contracts/database-unavailable';

/**
 * Why the server cannot serve the app now: it answers that its database is away (or a proxy in
 * front answers for it), or no answer comes at all (the server is down, the network is gone).
 */
export type ConnectionTrouble = 'reconnecting' | 'unreachable';

/** The first wait before trying again, doubled after each failure up to RETRY_CAP_MS. */
export const RETRY_FIRST_MS = 1_000;
/** The longest wait between two tries, whatever Retry-After asks: the app comes back within it. */
export const RETRY_CAP_MS = 10_000;

/**
 * Whether an error answer means the server is reconnecting: 503 DATABASE_UNAVAILABLE, or a 502,
 * 503 or 504 that a proxy in front answered (no code of ours). Other answers are the app's own.
 */
export function troubleOfAnswer(status: number, code: string | undefined): ConnectionTrouble | undefined {
  if (status === 503) return code === undefined || code === DATABASE_UNAVAILABLE_CODE ? 'reconnecting' : undefined;
  return status === 502 || status === 504 ? 'reconnecting' : undefined;
}

/**
 * Milliseconds to wait before try number `failureCount + 1`: the server's Retry-After when it sent
 * one, else 1 s doubling; never more than RETRY_CAP_MS.
 */
export function retryDelayMs(failureCount: number, retryAfterSeconds?: number): number {
  const wanted = retryAfterSeconds !== undefined && retryAfterSeconds >= 0 ? retryAfterSeconds * 1000 : RETRY_FIRST_MS * 2 ** failureCount;
  return Math.min(wanted, RETRY_CAP_MS);
}
