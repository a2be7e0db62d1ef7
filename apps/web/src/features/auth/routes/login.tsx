import { LoginView } from '../components/login-view';

/** /auth/login: sign in on a centred card. */
export default function Login() {
  return <LoginView variant="centered" />;
}
