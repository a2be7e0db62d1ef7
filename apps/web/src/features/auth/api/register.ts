import type { RegisterBody, UserResponse } from '@sms/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { setupStatusQueryOptions } from './get-setup-status';

/** POST /api/users/register: the first admin, or a viewer while open registration is on. */
export const register = (body: RegisterBody): Promise<UserResponse> => apiPost<UserResponse>('/api/users/register', body);

/** Registers and re-checks the setup status (the first account ends the first-admin setup). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSettled: () => queryClient.invalidateQueries({ queryKey: setupStatusQueryOptions().queryKey }),
  });
}
