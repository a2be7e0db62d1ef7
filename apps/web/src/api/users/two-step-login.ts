import type { LoginEnrolResponse, TwoStepSetup, TwoStepVerifyBody } from '@sms/contracts/two-step';
import type { LoginResponse } from '@sms/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

// 401 is an answer here (wrong code, expired challenge), not a lost session: no global redirect.
const quiet = { skipAuthRedirect: true } as const;

/** POST /api/users/login/two-step: the session for a right code. */
export const verifyTwoStep = (body: TwoStepVerifyBody): Promise<LoginResponse> =>
  apiPost<LoginResponse>('/api/users/login/two-step', body, quiet);

/** POST /api/users/login/two-step/sms: texts a code; answers the masked number. */
export const sendSignInCode = (challenge: string): Promise<{ sentTo: string }> =>
  apiPost<{ sentTo: string }>('/api/users/login/two-step/sms', { challenge }, quiet);

/** POST /api/users/login/two-step/setup: a secret to enrol while signing in. */
export const setupAtSignIn = (challenge: string): Promise<TwoStepSetup> =>
  apiPost<TwoStepSetup>('/api/users/login/two-step/setup', { challenge }, quiet);

/** POST /api/users/login/two-step/enable: confirms the enrolment and signs in. */
export const enableAtSignIn = (body: { challenge: string; code: string }): Promise<LoginEnrolResponse> =>
  apiPost<LoginEnrolResponse>('/api/users/login/two-step/enable', body, quiet);

export const useVerifyTwoStep = () => useMutation({ mutationFn: verifyTwoStep });
export const useSendSignInCode = () => useMutation({ mutationFn: sendSignInCode });
export const useSetupAtSignIn = () => useMutation({ mutationFn: setupAtSignIn });
export const useEnableAtSignIn = () => useMutation({ mutationFn: enableAtSignIn });
