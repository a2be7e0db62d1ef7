import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { paths, safeRedirect } from '../../../config/paths';
import { clearPendingTwoStep, readPendingTwoStep } from '../../../lib/auth/pending-two-step';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthHeading } from './auth-heading';
import { AuthLayout, type AuthVariant } from './auth-layout';
import { EnrolAtSignIn } from './enrol-at-sign-in';
import { TwoStepVerify } from './two-step-verify';

/**
 * /auth/two-steps(2): the second step of a sign-in whose password was right (the challenge is
 * kept in this tab by the sign-in page). Enters a code, or enrols first when an admin requires
 * two-step verification and the account has none.
 */
export function TwoStepsView({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('account-access');
  const { isAuthenticated, completeSignIn } = useAuth();
  const navigate = useNavigate();
  // Read once: the page keeps working on this challenge even after it is cleared on success.
  const [pending] = useState(() => readPendingTwoStep());
  const [finishing, setFinishing] = useState(false);
  const loginPath = variant === 'split' ? paths.split.login : paths.login;
  const target = safeRedirect(pending?.redirect);

  const finish = async (session: Parameters<typeof completeSignIn>[0]) => {
    setFinishing(true);
    clearPendingTwoStep();
    await completeSignIn(session);
    await navigate(target, { replace: true });
  };

  const backToSignIn = (
    <Typography sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to={loginPath} onClick={clearPendingTwoStep} sx={{ fontWeight: 600 }}>
        {t('backToSignIn')}
      </Link>
    </Typography>
  );

  if (isAuthenticated && !finishing) return <Navigate replace to={target} />;

  if (!pending) {
    return (
      <AuthLayout variant={variant}>
        <AuthHeading title={t('twoStep.title')} subtitle={t('twoStep.nothingPending')} />
        <Button component={RouterLink} to={loginPath} variant="contained" size="large" fullWidth>
          {t('signIn')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout variant={variant}>
      {pending.enrolmentRequired ? (
        <EnrolAtSignIn challenge={pending.challenge} loginPath={loginPath} onDone={(session) => void finish(session)} />
      ) : (
        <TwoStepVerify pending={pending} loginPath={loginPath} onSignedIn={(session) => void finish(session)} />
      )}
      {backToSignIn}
    </AuthLayout>
  );
}
