import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import type { LoginOutcome } from '../../../lib/auth/auth-context';
import { storePendingTwoStep } from '../../../lib/auth/pending-two-step';
import type { AuthVariant } from './auth-layout';

/**
 * After the password: to `target` when signed in, else to the two-steps page (same layout)
 * with the challenge kept for it.
 */
export function useContinueSignIn(variant: AuthVariant, target: string): (outcome: LoginOutcome) => void {
  const navigate = useNavigate();
  return useCallback(
    (outcome: LoginOutcome) => {
      if (outcome.kind === 'signed-in') {
        void navigate(target, { replace: true });
        return;
      }
      storePendingTwoStep({ ...outcome.challenge, redirect: target });
      void navigate(variant === 'split' ? paths.twoSteps2 : paths.twoSteps);
    },
    [navigate, target, variant],
  );
}
