import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { loginWithRedirect, paths } from '../config/paths';
import { useAuth } from '../lib/auth/use-auth';

/** Protected routes: a loader while the session is checked, the login page (with redirect) without one. */
export function RequireAuth() {
  const { loading, isAuthenticated, signedOutByUser } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageLoader />;
  // A deliberate sign-out must not carry this page over to whoever signs in next.
  if (!isAuthenticated)
    return <Navigate replace to={signedOutByUser ? paths.login : loginWithRedirect(`${location.pathname}${location.search}`)} />;
  return <Outlet />;
}
