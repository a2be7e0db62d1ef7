import type { MessageResponse } from '@sms/contracts/password-reset';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost } from '../../lib/api-client';
import { usersKeys } from './users-keys';

/** POST /api/users/{id}/password-reset (admins): sends the user a reset link. */
export const sendPasswordReset = (id: string): Promise<MessageResponse> =>
  apiPost<MessageResponse>(`/api/users/${encodeURIComponent(id)}/password-reset`);

/** DELETE /api/users/{id}/two-step (admins): clears the user's two-step enrolment. */
export const resetTwoStep = (id: string): Promise<void> => apiDelete(`/api/users/${encodeURIComponent(id)}/two-step`);

export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset });

/** Resets the enrolment and reloads the user (twoStepEnabled). */
export function useResetTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoStep,
    onSuccess: async (_data, id) => {
      await queryClient.invalidateQueries({ queryKey: usersKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    },
  });
}
