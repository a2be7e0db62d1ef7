import { useColorScheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/use-auth';
import type { SignInHost } from '../sign-in/sign-in-host';
import type { AuthVariant } from './auth-layout';
import { useContinueSignIn } from './use-continue-sign-in';

/**
 * The sign-in page's and form's host inside the app (decision 071): the app's session, router and
 * MUI colour mode. The app's code is already there, so there is nothing to prepare.
 */
export function useAppSignInHost(variant: AuthVariant, target: string): SignInHost {
  const { login } = useAuth();
  const continueSignIn = useContinueSignIn(variant, target);
  const navigate = useNavigate();
  const { mode, systemMode, setMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  return useMemo<SignInHost>(
    () => ({
      target,
      signIn: login,
      continueSignIn,
      navigate: (to) => void navigate(to),
      prepareToLeave: () => undefined,
      dark,
      setDark: (next) => setMode(next ? 'dark' : 'light'),
    }),
    [target, login, continueSignIn, navigate, dark, setMode],
  );
}
