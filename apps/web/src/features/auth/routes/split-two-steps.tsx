import { TwoStepsView } from '../components/two-steps-view';

/** The second step of signing in beside the brand panel (the split layout, at /auth/two-steps2). */
export default function SplitTwoSteps() {
  return <TwoStepsView variant="split" />;
}
