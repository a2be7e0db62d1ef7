import { TwoStepsView } from '../components/two-steps-view';

/** /auth/two-steps: the second step of signing in on a centred card. */
export default function TwoSteps() {
  return <TwoStepsView variant="centered" />;
}
