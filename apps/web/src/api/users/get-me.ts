import type { MeResponse } from '@sms/contracts/users';
import { apiGet } from '../../lib/api-client';

/** GET /api/users/me: the signed-in user and their permission rules; a 401 goes through the API client's sign-out. */
export const getMe = (): Promise<MeResponse> => apiGet<MeResponse>('/api/users/me');
