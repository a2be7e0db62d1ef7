import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSetupStatus } from './fetch-setup-status';

/** Always re-checked when a sign-in page opens: the answer changes once the first admin exists. */
export const setupStatusQueryOptions = () => queryOptions({ queryKey: ['setup-status'] as const, queryFn: getSetupStatus, staleTime: 0 });

/** The setup status for the sign-in and registration pages. */
export const useSetupStatus = () => useQuery(setupStatusQueryOptions());
