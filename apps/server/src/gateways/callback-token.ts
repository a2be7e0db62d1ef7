import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secret token in the path of a gateway's callbacks (Kannel, http), for providers that cannot
 * sign what they send: 192 random bits, compared in constant time.
 */

/** A new callback token: 32 URL-safe characters. */
export function newCallbackToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Secrets with a callback token: the given one kept, else a new one. */
export function withCallbackToken(secrets: Record<string, unknown>): Record<string, unknown> {
  return secrets.callbackToken ? secrets : { ...secrets, callbackToken: newCallbackToken() };
}

/** Compares tokens in constant time (their digests, so the lengths do not show either). */
export function sameToken(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/** Where a provider reaches this server: the gateway's callbackBaseUrl, else PUBLIC_URL; null when neither is set. */
export function callbackBase(callbackBaseUrl: string | null | undefined, publicUrl: string | undefined): string | null {
  const base = callbackBaseUrl || publicUrl;
  return base ? base.replace(/\/+$/, '') : null;
}
