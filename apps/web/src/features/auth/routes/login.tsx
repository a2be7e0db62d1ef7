import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useAppSignInHost } from '../components/use-app-sign-in-host';
import { SignInPage } from '../sign-in/sign-in-page';

/**
 * /auth/login inside the app (after signing out, or sent here by a 401): the sign-in entry's page
 * (decision 071), driven by the app's session, router and colour mode. Signed-in visitors go on at once.
 */
export default function Login() {
  const { isAuthenticated } = useAuth();
  const [searchParams] = useSearchParams();
  const target = safeRedirect(searchParams.get('redirect'));
  const host = useAppSignInHost('centered', target);
  if (isAuthenticated) return <Navigate replace to={target} />;
  return <SignInPage host={host} />;
}
