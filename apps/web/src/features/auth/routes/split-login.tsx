import { LoginView } from '../components/login-view';

/** Sign in beside the brand panel (the split layout, at /auth/login2). */
export default function SplitLogin() {
  return <LoginView variant="split" />;
}
