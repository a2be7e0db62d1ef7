import type { RegisterBody, User, UserResponse } from '@sms/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { usersKeys } from './users-keys';

/** POST /api/users/register as an admin: creates an account with the chosen role. */
export const createUser = async (body: RegisterBody): Promise<User> => (await apiPost<UserResponse>('/api/users/register', body)).user;

/** Creates a user, primes its detail query and refreshes the lists. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async (user) => {
      queryClient.setQueryData(usersKeys.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    },
  });
}
