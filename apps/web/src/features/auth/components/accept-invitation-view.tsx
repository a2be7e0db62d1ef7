import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { INVITATION_ERROR_CODES } from '@sms/contracts/team';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAcceptInvitation } from '../../../api/team/accept-invitation';
import { useInvitationLookup } from '../../../api/team/lookup-invitation';
import { AuthHeading } from './auth-heading';
import { AuthLayout } from './auth-layout';
import { SetPasswordForm } from './set-password-form';

type Refusal = 'invalid' | 'expired' | 'used' | 'revoked';
const REFUSALS: Record<string, Refusal> = {
  [INVITATION_ERROR_CODES.invalid]: 'invalid',
  [INVITATION_ERROR_CODES.expired]: 'expired',
  [INVITATION_ERROR_CODES.used]: 'used',
  [INVITATION_ERROR_CODES.revoked]: 'revoked',
};
const refusalOf = (error: unknown): Refusal | null => (error instanceof ApiError && error.code ? (REFUSALS[error.code] ?? null) : null);

/** /auth/invitation?token=...: the invited person chooses a password (shared rules) and the account is activated. */
export function AcceptInvitationView() {
  const { t } = useTranslation('team');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const lookup = useInvitationLookup(token);
  const accept = useAcceptInvitation();
  const [done, setDone] = useState(false);
  const [refused, setRefused] = useState<Refusal | null>(token ? null : 'invalid');
  const submit = async (password: string) => {
    await accept.mutateAsync({ token, password });
    setDone(true);
  };
  const refusal = (error: unknown) => {
    const reason = refusalOf(error);
    if (reason) setRefused(reason);
    return reason !== null;
  };

  const reason = refused ?? refusalOf(lookup.error);
  if (reason) {
    return (
      <AuthLayout variant="centered">
        <AuthHeading title={t(`accept.refused.${reason}.title`)} />
        <Alert severity={reason === 'used' ? 'info' : 'error'} sx={{ mb: 3 }} data-testid="invitation-refused" data-reason={reason}>
          {t(`accept.refused.${reason}.message`)}
        </Alert>
        <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
          {t('accept.signIn')}
        </Button>
      </AuthLayout>
    );
  }
  if (done) {
    return (
      <AuthLayout variant="centered">
        <AuthHeading title={t('accept.doneTitle')} />
        <Alert severity="success" role="status" sx={{ mb: 3 }} data-testid="invitation-accepted">
          {t('accept.done')}
        </Alert>
        <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
          {t('accept.signIn')}
        </Button>
      </AuthLayout>
    );
  }
  if (!lookup.data) {
    return (
      <AuthLayout variant="centered">
        {lookup.error ? (
          <Alert severity="error">{t('accept.loadFailed')}</Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label={t('accept.loading')} />
          </Box>
        )}
      </AuthLayout>
    );
  }
  return (
    <AuthLayout variant="centered">
      <AuthHeading title={t('accept.title', { name: lookup.data.name })} subtitle={t('accept.subtitle', { email: lookup.data.email })} />
      <SetPasswordForm
        testId="invitation-form"
        labels={{ password: t('accept.password'), confirmPassword: t('accept.confirmPassword'), submit: t('accept.submit') }}
        onSubmit={submit}
        onRefusal={refusal}
      />
    </AuthLayout>
  );
}
