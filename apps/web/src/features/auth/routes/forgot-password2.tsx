import { ForgotPasswordView } from '../components/forgot-password-view';

/** /auth/forgot-password2: ask for a reset link beside the brand panel. */
export default function ForgotPassword2() {
  return <ForgotPasswordView variant="split" />;
}
