import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { usersKeys } from './users-keys';

/** DELETE /api/users/{id} (admins; never yourself or the last admin: 409 with the reason). */
export const deleteUser = (id: string): Promise<void> => apiDelete(`/api/users/${encodeURIComponent(id)}`);

/** Deletes a user, forgets its detail query and refreshes the lists. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: usersKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    },
  });
}
