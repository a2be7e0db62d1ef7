import { PASSWORD_MIN_LENGTH } from '@sms/contracts/password-limits';
import type { SetupStatus } from '@sms/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';

/**
 * The minimum password length admins configured (Configurations -> Security), for the password
 * forms; 8 until known. Shares its cache entry with the sign-in pages' setup status.
 */
export function useMinPasswordLength(): number {
  const query = useQuery({ queryKey: ['setup-status'], queryFn: () => apiGet<SetupStatus>('/api/users/setup-status'), staleTime: 60_000 });
  return query.data?.minPasswordLength ?? PASSWORD_MIN_LENGTH;
}
