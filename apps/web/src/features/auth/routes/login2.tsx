import { LoginView } from '../components/login-view';

/** /auth/login2: sign in beside the brand panel (split layout). */
export default function Login2() {
  return <LoginView variant="split" />;
}
