import type { UpdateUserResponse } from '@sms/contracts/user-update';
import type { UpdateUserBody } from '@sms/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';

/** PUT /api/users/{id} on one's own account (name, phone, locale; password with currentPassword). */
export const updateProfile = ({ id, body }: { id: string; body: UpdateUserBody }): Promise<UpdateUserResponse> =>
  apiPut<UpdateUserResponse>(`/api/users/${encodeURIComponent(id)}`, body);

/**
 * Updates the signed-in user. A password change revokes the old token and the answer brings a
 * new one: storing it keeps the user signed in. Cached user lists are refreshed either way.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { user, setSession, refreshUser } = useAuth();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => {
      if (!user) throw new Error('Not signed in');
      return updateProfile({ id: user.id, body });
    },
    onSuccess: async ({ user: updated, token }) => {
      if (token) await setSession({ user: updated, token });
      else await refreshUser().catch(() => undefined);
      // The users pages cache this account under the `users` key too.
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
