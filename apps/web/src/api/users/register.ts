import type { RegisterBody, User, UserResponse } from '@sms/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { usersKeys } from './users-keys';

/** POST /api/users/register: the first admin or a viewer signing up, or an account an admin creates with the chosen role. */
export const register = (body: RegisterBody): Promise<UserResponse> => apiPost<UserResponse>('/api/users/register', body);

/** Registers and re-checks the setup status (the first account ends the first-admin setup). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.setupStatus() }),
  });
}

/** An admin creates a user: primes its detail query and refreshes the lists. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterBody): Promise<User> => (await register(body)).user,
    onSuccess: async (user) => {
      queryClient.setQueryData(usersKeys.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    },
  });
}
