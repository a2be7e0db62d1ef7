import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { LoginOutcome } from '../../../lib/auth/auth-context';
import type { AuthVariant } from './auth-layout';
import { nextAfterPassword } from './next-after-password';

/** After the password: nextAfterPassword, followed through the router. */
export function useContinueSignIn(variant: AuthVariant, target: string): (outcome: LoginOutcome) => void {
  const navigate = useNavigate();
  return useCallback(
    (outcome: LoginOutcome) => {
      const { to, replace } = nextAfterPassword(outcome, variant, target);
      void navigate(to, { replace });
    },
    [navigate, target, variant],
  );
}
