import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths, safeRedirect } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { setupStatusQueryOptions } from '../../../api/users/get-setup-status';
import { AuthHeading } from './auth-heading';
import { AuthLayout, type AuthVariant } from './auth-layout';
import { SignInForm } from '../sign-in/sign-in-form';
import { SetupCallout } from './setup-callout';
import { useAppSignInHost } from './use-app-sign-in-host';

/**
 * The sign-in page beside the brand panel (/auth/login2), with the sign-in page's own form
 * (decision 071). After signing in it goes to the `redirect` query parameter when that is a
 * same-site path, else to the dashboard; signed-in visitors go there at once.
 */
export function LoginView({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('auth');
  const { isAuthenticated } = useAuth();
  const [searchParams] = useSearchParams();
  const target = safeRedirect(searchParams.get('redirect'));
  const host = useAppSignInHost(variant, target);
  const setup = useQuery(setupStatusQueryOptions());
  const registerPath = variant === 'split' ? paths.split.register : paths.register;

  if (isAuthenticated) return <Navigate replace to={target} />;

  const needsFirstAdmin = setup.data?.needsFirstAdmin ?? false;
  const canRegister = needsFirstAdmin || (setup.data?.openRegistration ?? false);

  return (
    <AuthLayout variant={variant}>
      <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      {needsFirstAdmin ? <SetupCallout to={registerPath} /> : null}
      <SignInForm host={host} forgotPath={variant === 'split' ? paths.split.forgotPassword : paths.forgotPassword} />
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
