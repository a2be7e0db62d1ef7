import type { SetupStatus } from '@sms/contracts/users';
import { apiGet } from '../../lib/api-client';
import { usersKeys } from './users-keys';

/**
 * GET /api/users/setup-status (public): whether the first admin must be created, whether sign-up is
 * open, the minimum password length. The sign-in entry calls this file too, and it has no query
 * cache (decision 071): so the file imports no TanStack Query (a module shared with the app keeps
 * every import in the entry's chunk) and has no hook; pages pass the options to `useQuery`.
 */
export const getSetupStatus = (signal?: AbortSignal): Promise<SetupStatus> => apiGet<SetupStatus>('/api/users/setup-status', { signal });

/** Re-checked whenever a sign-in page opens by default (staleTime 0): the answer changes once the first admin exists. */
export const setupStatusQueryOptions = (staleTime = 0) => ({
  queryKey: usersKeys.setupStatus(),
  queryFn: ({ signal }: { signal: AbortSignal }) => getSetupStatus(signal),
  staleTime,
});
