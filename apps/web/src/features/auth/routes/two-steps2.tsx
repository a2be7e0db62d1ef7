import { TwoStepsView } from '../components/two-steps-view';

/** /auth/two-steps2: the second step of signing in beside the brand panel. */
export default function TwoSteps2() {
  return <TwoStepsView variant="split" />;
}
