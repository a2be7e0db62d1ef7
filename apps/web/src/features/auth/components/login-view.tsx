import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { paths, safeRedirect } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useSetupStatus } from '../api/get-setup-status';
import { AuthHeading } from './auth-heading';
import { AuthLayout, type AuthVariant } from './auth-layout';
import { LoginForm } from './login-form';
import { SetupCallout } from './setup-callout';
import { useContinueSignIn } from './use-continue-sign-in';

/**
 * The sign-in page in either layout. After signing in it goes to the `redirect` query parameter
 * when that is a same-site path, else to the dashboard; signed-in visitors go there at once.
 */
export function LoginView({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('auth');
  const { isAuthenticated } = useAuth();
  const [searchParams] = useSearchParams();
  const target = safeRedirect(searchParams.get('redirect'));
  const continueSignIn = useContinueSignIn(variant, target);
  const setup = useSetupStatus();
  const registerPath = variant === 'split' ? paths.register2 : paths.register;

  if (isAuthenticated) return <Navigate replace to={target} />;

  const needsFirstAdmin = setup.data?.needsFirstAdmin ?? false;
  const canRegister = needsFirstAdmin || (setup.data?.openRegistration ?? false);

  return (
    <AuthLayout variant={variant}>
      <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      {needsFirstAdmin ? <SetupCallout to={registerPath} /> : null}
      <LoginForm onOutcome={continueSignIn} forgotPath={variant === 'split' ? paths.forgotPassword2 : paths.forgotPassword} />
      {canRegister && !needsFirstAdmin ? (
        <Typography sx={{ mt: 3, textAlign: 'center' }} color="text.secondary">
          {t('login.noAccount')}{' '}
          <Link component={RouterLink} to={registerPath} sx={{ fontWeight: 600 }}>
            {t('login.createAccount')}
          </Link>
        </Typography>
      ) : null}
    </AuthLayout>
  );
}
