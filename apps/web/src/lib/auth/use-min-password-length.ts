import { PASSWORD_MIN_LENGTH } from '@sms/contracts/password-limits';
import { useQuery } from '@tanstack/react-query';
import { setupStatusQueryOptions } from '../../api/users/get-setup-status';

/**
 * The minimum password length admins configured (Configurations -> Security), for the password
 * forms; 8 until known. Shares its cache entry with the sign-in pages' setup status.
 */
export function useMinPasswordLength(): number {
  const query = useQuery(setupStatusQueryOptions(60_000));
  return query.data?.minPasswordLength ?? PASSWORD_MIN_LENGTH;
}
