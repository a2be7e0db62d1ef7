import type { ForgotPasswordBody, MessageResponse } from '@sms/contracts/password-reset';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/users/forgot-password: the same answer whether or not the account exists. */
export const forgotPassword = (body: ForgotPasswordBody): Promise<MessageResponse> =>
  apiPost<MessageResponse>('/api/users/forgot-password', body);

/** Asks for a reset link. */
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
