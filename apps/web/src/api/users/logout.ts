import { apiPost } from '../../lib/api-client';

/** POST /api/users/logout: revokes the session's token. A 401 is a normal answer here (already signed out): no redirect. */
export const logout = (timeout: number): Promise<void> =>
  apiPost<void>('/api/users/logout', undefined, { skipAuthRedirect: true, timeout });
