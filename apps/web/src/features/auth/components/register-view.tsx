import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { setupStatusQueryOptions } from '../../../api/users/get-setup-status';
import { AuthHeading } from './auth-heading';
import { AuthLayout, type AuthVariant } from './auth-layout';
import { browserOrganisation, OrganisationFields } from './organisation-fields';
import { RegisterForm } from './register-form';
import { browserAddress, SetupPublicAddressField } from './setup-public-address-field';
import { useContinueSignIn } from './use-continue-sign-in';

/**
 * Registration in either layout: the first-admin setup while no account exists, a viewer
 * sign-up while open registration is on, otherwise an explanation that it is closed.
 */
export function RegisterView({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('auth');
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const setup = useQuery(setupStatusQueryOptions());
  const loginPath = variant === 'split' ? paths.split.login : paths.login;
  const continueSignIn = useContinueSignIn(variant, paths.dashboard);
  const [organisation, setOrganisation] = useState(browserOrganisation);
  const [publicAddress, setPublicAddress] = useState(browserAddress);

  if (isAuthenticated) return <Navigate replace to={paths.dashboard} />;

  const signInLink = (
    <Typography sx={{ mt: 3, textAlign: 'center' }} color="text.secondary">
      {t('register.haveAccount')}{' '}
      <Link component={RouterLink} to={loginPath} sx={{ fontWeight: 600 }}>
        {t('register.signIn')}
      </Link>
    </Typography>
  );

  if (setup.isPending) {
    return (
      <AuthLayout variant={variant}>
        <AuthHeading title={t('register.title')} />
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('register.checking')} />
        </Box>
      </AuthLayout>
    );
  }

  if (setup.isError) {
    return (
      <AuthLayout variant={variant}>
        <AuthHeading title={t('register.title')} />
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void setup.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {errorMessage(setup.error)}
        </Alert>
        {signInLink}
      </AuthLayout>
    );
  }

  const { needsFirstAdmin, openRegistration, minPasswordLength } = setup.data;
  if (!needsFirstAdmin && !openRegistration) {
    return (
      <AuthLayout variant={variant}>
        <AuthHeading title={t('register.closedTitle')} subtitle={t('register.closedText')} />
        <Button component={RouterLink} to={loginPath} variant="contained" size="large" fullWidth>
          {t('register.goToSignIn')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout variant={variant}>
      {needsFirstAdmin ? (
        <AuthHeading title={t('setup.title')} subtitle={t('setup.subtitle')} />
      ) : (
        <AuthHeading title={t('register.title')} subtitle={t('register.subtitle')} />
      )}
      {needsFirstAdmin ? null : (
        <Alert severity="info" sx={{ mb: 2.5 }}>
          {t('register.viewerNote')}
        </Alert>
      )}
      <RegisterForm
        submitLabel={needsFirstAdmin ? t('setup.submit') : t('register.submit')}
        minPasswordLength={minPasswordLength}
        onOutcome={continueSignIn}
        onRegisteredOnly={() => void navigate(loginPath, { replace: true })}
        extraBody={needsFirstAdmin ? { organisation, ...(publicAddress.trim() ? { publicAddress: publicAddress.trim() } : {}) } : undefined}
      >
        {needsFirstAdmin ? (
          <>
            <OrganisationFields value={organisation} onChange={setOrganisation} />
            <SetupPublicAddressField value={publicAddress} onChange={setPublicAddress} />
          </>
        ) : null}
      </RegisterForm>
      {signInLink}
    </AuthLayout>
  );
}
