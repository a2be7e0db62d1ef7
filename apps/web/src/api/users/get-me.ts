import type { MeResponse } from '@sms/contracts/users';
import { apiGet } from '../../lib/api-client';

/** GET /api/users/me: the signed-in user and their permission rules; a 401 goes through the API client's sign-out. */
export const getMe = (): Promise<MeResponse> => apiGet<MeResponse>('/api/users/me');

/** /me asked for at start-up (`startMe`), taken once by the session's first check. */
let started: Promise<MeResponse> | undefined;

/**
 * Asks for /me at start-up, while the app's code still downloads, instead of after its first render:
 * the session's check (and the frame waiting for it) no longer adds a round trip after the code.
 * Without the global 401 handling: the router is not there yet to take the user to the sign-in page.
 */
export const startMe = (): void => {
  started = apiGet<MeResponse>('/api/users/me', { skipAuthRedirect: true });
  started.catch(() => undefined);
};

/** The answer asked for at start-up if it came (once), else a request of its own (a 401 then signs out as usual). */
export const getMeOnce = (): Promise<MeResponse> => {
  const pending = started;
  started = undefined;
  return pending ? pending.catch(() => getMe()) : getMe();
};
