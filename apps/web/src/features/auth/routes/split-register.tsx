import { RegisterView } from '../components/register-view';

/** First-admin setup or sign-up beside the brand panel (the split layout, at /auth/register2). */
export default function SplitRegister() {
  return <RegisterView variant="split" />;
}
