import { ResetPasswordView } from '../components/reset-password-view';

/** /auth/reset-password?token=...: choose a new password with a reset link. */
export default function ResetPassword() {
  return <ResetPasswordView />;
}
