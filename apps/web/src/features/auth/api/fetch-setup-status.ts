import type { SetupStatus } from '@sms/contracts/users';
import { apiGet } from '../../../lib/api-client';

/** GET /api/users/setup-status: whether the first admin must be created and whether sign-up is open. */
export const getSetupStatus = (): Promise<SetupStatus> => apiGet<SetupStatus>('/api/users/setup-status');
