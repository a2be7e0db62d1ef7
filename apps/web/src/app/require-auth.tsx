import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { loginWithRedirect } from '../config/paths';
import { useAuth } from '../lib/auth/use-auth';

/** Protected routes: a loader while the session is checked, the login page (with redirect) without one. */
export function RequireAuth() {
  const { loading, isAuthenticated } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageLoader />;
  if (!isAuthenticated) return <Navigate replace to={loginWithRedirect(`${location.pathname}${location.search}`)} />;
  return <Outlet />;
}
