import { RegisterView } from '../components/register-view';

/** /auth/register2: first-admin setup or sign-up beside the brand panel. */
export default function Register2() {
  return <RegisterView variant="split" />;
}
