import { RegisterView } from '../components/register-view';

/** /auth/register: first-admin setup or sign-up on a centred card. */
export default function Register() {
  return <RegisterView variant="centered" />;
}
