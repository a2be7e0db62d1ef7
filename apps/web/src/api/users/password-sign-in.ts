import type { LoginResult } from '@sms/contracts/two-step';
import { ApiError, apiPost } from '../../lib/api-client';

/**
 * POST /api/users/login: the session, or the challenge of a second step still due. Failures are
 * logged (status only, never the password) and rethrown for the form to show. The app's auth
 * provider and the sign-in entry (decision 071) both sign in through it.
 */
export async function requestPasswordSignIn(email: string, password: string): Promise<LoginResult> {
  try {
    return await apiPost<LoginResult>('/api/users/login', { email, password }, { skipAuthRedirect: true });
  } catch (error) {
    const status = error instanceof ApiError && error.status ? ` the server responded with a status of ${error.status}` : '';
    console.error(`Login failed:${status}`, error instanceof Error ? error.message : error);
    throw error;
  }
}
