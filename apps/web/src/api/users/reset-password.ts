import type { MessageResponse, ResetPasswordBody } from '@sms/contracts/password-reset';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/users/reset-password: a new password with the link's token (works once). */
export const resetPassword = (body: ResetPasswordBody): Promise<MessageResponse> =>
  apiPost<MessageResponse>('/api/users/reset-password', body);

/** Sets the new password. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
