import type { PasswordConfirmBody, RecoveryCodesResponse, TwoStepSetup } from '@sms/contracts/two-step';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/use-auth';
import { twoStepStatusQueryOptions } from './two-step-status';

/** POST /api/users/me/two-step/setup: a new secret and its QR code (not active yet). */
export const setupTwoStep = (): Promise<TwoStepSetup> => apiPost<TwoStepSetup>('/api/users/me/two-step/setup');

/** POST /api/users/me/two-step/enable: on, with a code; answers the recovery codes. */
export const enableTwoStep = (code: string): Promise<RecoveryCodesResponse> =>
  apiPost<RecoveryCodesResponse>('/api/users/me/two-step/enable', { code });

/** POST /api/users/me/two-step/recovery-codes: new codes (needs the password). */
export const replaceRecoveryCodes = (body: PasswordConfirmBody): Promise<RecoveryCodesResponse> =>
  apiPost<RecoveryCodesResponse>('/api/users/me/two-step/recovery-codes', body);

/** POST /api/users/me/two-step/disable: off (needs the password). */
export const disableTwoStep = (body: PasswordConfirmBody): Promise<void> => apiPost<void>('/api/users/me/two-step/disable', body);

/** After any change: the status and the signed-in user (twoStepEnabled) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: twoStepStatusQueryOptions().queryKey });
    await refreshUser().catch(() => undefined);
  };
}

export const useSetupTwoStep = () => useMutation({ mutationFn: setupTwoStep });

export function useEnableTwoStep() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: enableTwoStep, onSuccess: refresh });
}

export function useReplaceRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: replaceRecoveryCodes, onSuccess: refresh });
}

export function useDisableTwoStep() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: disableTwoStep, onSuccess: refresh });
}
