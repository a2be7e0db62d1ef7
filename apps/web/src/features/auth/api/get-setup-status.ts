import type { SetupStatus } from '@sms/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/users/setup-status: whether the first admin must be created and whether sign-up is open. */
export const getSetupStatus = (): Promise<SetupStatus> => apiGet<SetupStatus>('/api/users/setup-status');

/** Always re-checked when a sign-in page opens: the answer changes once the first admin exists. */
export const setupStatusQueryOptions = () => queryOptions({ queryKey: ['setup-status'] as const, queryFn: getSetupStatus, staleTime: 0 });

/** The setup status for the sign-in and registration pages. */
export const useSetupStatus = () => useQuery(setupStatusQueryOptions());
