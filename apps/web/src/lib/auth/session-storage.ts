import type { User } from '@sms/contracts/users';
import { isTokenValid } from './token';

/** localStorage keys of the session (spec section 3). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/** The bearer token kept in localStorage, or null. */
export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The stored user object, or null when absent or not valid JSON. */
export function readStoredUser(): User | null {
  try {
    const raw = window.localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as User) : null;
  } catch {
    return null;
  }
}

/** Stores both session entries. */
export function storeSession(token: string, user: User): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** Stores the user only (after a profile change or /me refresh). */
export function storeUser(user: User): void {
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** Removes both session entries. */
export function clearStoredSession(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
    window.localStorage.removeItem(USER_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}

/** The stored token and user when the token has not expired, else null (the server still checks it). */
export function validStoredSession(): { token: string; user: User } | null {
  const token = readToken();
  const user = readStoredUser();
  return token && user && isTokenValid(token, Date.now() / 1000) ? { token, user } : null;
}
