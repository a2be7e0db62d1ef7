import type { UpdateUserResponse } from '@sms/contracts/user-update';
import type { UpdateUserBody } from '@sms/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/use-auth';
import { usersKeys } from './users-keys';

/** PUT /api/users/{id} with only the changed fields. */
export const updateUser = ({ id, body }: { id: string; body: UpdateUserBody }): Promise<UpdateUserResponse> =>
  apiPut<UpdateUserResponse>(`/api/users/${encodeURIComponent(id)}`, body);

/**
 * Updates a user and refreshes the users queries. When the change concerned the signed-in user
 * the session is refreshed too: with the new token when the server revoked the old one
 * (own password or role), else by reloading the current user.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { user: me, setSession, refreshUser } = useAuth();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async ({ user, token }) => {
      queryClient.setQueryData(usersKeys.detail(user.id), user);
      if (user.id === me?.id) {
        if (token) await setSession({ user, token });
        else await refreshUser().catch(() => undefined);
      }
      await queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    },
  });
}

/**
 * Updates the signed-in user's own account (name, phone, locale; password with currentPassword).
 * A password change revokes the old token and the answer brings a new one: storing it keeps the
 * user signed in. Every users query is refreshed either way (the users pages cache this account too).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { user, setSession, refreshUser } = useAuth();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => {
      if (!user) throw new Error('Not signed in');
      return updateUser({ id: user.id, body });
    },
    onSuccess: async ({ user: updated, token }) => {
      if (token) await setSession({ user: updated, token });
      else await refreshUser().catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
}
