import { useColorScheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useContinueSignIn } from '../components/use-continue-sign-in';
import { SignInPage } from '../sign-in/sign-in-page';
import type { SignInHost } from '../sign-in/sign-in-host';

/**
 * /auth/login inside the app (after signing out, or sent here by a 401): the sign-in entry's page
 * (decision 071), driven by the app's session, router and colour mode. Signed-in visitors go on at once.
 */
export default function Login() {
  const { isAuthenticated, login } = useAuth();
  const [searchParams] = useSearchParams();
  const target = safeRedirect(searchParams.get('redirect'));
  const continueSignIn = useContinueSignIn('centered', target);
  const navigate = useNavigate();
  const { mode, systemMode, setMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  const host = useMemo<SignInHost>(
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
  if (isAuthenticated) return <Navigate replace to={target} />;
  return <SignInPage host={host} />;
}
