import type { SetupStatus } from '@sms/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { usersKeys } from './users-keys';

/**
 * GET /api/users/setup-status: whether the first admin must be created, whether sign-up is open,
 * the minimum password length. The sign-in entry calls the fetcher alone (it has no query cache,
 * decision 071); the bundler leaves the query helpers below out of it.
 */
export const getSetupStatus = (signal?: AbortSignal): Promise<SetupStatus> => apiGet<SetupStatus>('/api/users/setup-status', { signal });

/** Always re-checked when a sign-in page opens (staleTime 0): the answer changes once the first admin exists. */
export const setupStatusQueryOptions = (staleTime = 0) =>
  queryOptions({ queryKey: usersKeys.setupStatus(), queryFn: ({ signal }) => getSetupStatus(signal), staleTime });

/** The setup status for the sign-in and registration pages. */
export const useSetupStatus = () => useQuery(setupStatusQueryOptions());
