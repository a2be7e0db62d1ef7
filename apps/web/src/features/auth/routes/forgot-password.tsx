import { ForgotPasswordView } from '../components/forgot-password-view';

/** /auth/forgot-password: ask for a reset link on a centred card. */
export default function ForgotPassword() {
  return <ForgotPasswordView variant="centered" />;
}
