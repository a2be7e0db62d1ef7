import { ForgotPasswordView } from '../components/forgot-password-view';

/** Ask for a reset link beside the brand panel (the split layout, at /auth/forgot-password2). */
export default function SplitForgotPassword() {
  return <ForgotPasswordView variant="split" />;
}
