import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { PASSWORD_MIN_LENGTH } from '@sms/contracts/password-limits';
import { INVITATION_ERROR_CODES } from '@sms/contracts/team';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FormPasswordField } from '../../../components/forms/form-password-field';
import { PasswordStrengthMeter } from '../../../components/forms/password-strength-meter';
import { showSubmitError } from '../../../components/forms/server-field-error';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAcceptInvitation } from '../../../api/team/accept-invitation';
import { useInvitationLookup } from '../../../api/team/lookup-invitation';
import { setupStatusQueryOptions } from '../../../api/users/get-setup-status';
import { AuthHeading } from './auth-heading';
import { AuthLayout } from './auth-layout';
import { resetFormSchema } from './reset-schema';

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
  const minLength = useQuery(setupStatusQueryOptions()).data?.minPasswordLength ?? PASSWORD_MIN_LENGTH;
  const [done, setDone] = useState(false);
  const [refused, setRefused] = useState<Refusal | null>(token ? null : 'invalid');
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => resetFormSchema(minLength), [minLength]);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accept.mutateAsync({ token, password: values.password });
      setDone(true);
    } catch (error) {
      const reason = refusalOf(error);
      if (reason) return setRefused(reason);
      showSubmitError(error, ['password'] as const, setError, setFailure);
    }
  });

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
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="invitation-form">
        {failure ? (
          <Alert severity="error" sx={{ mb: 2.5 }}>
            {failure}
          </Alert>
        ) : null}
        <Stack spacing={2.5}>
          <Box>
            <FormPasswordField control={control} name="password" label={t('accept.password')} autoComplete="new-password" required />
            <PasswordStrengthMeter password={password} minLength={minLength} />
          </Box>
          <FormPasswordField
            control={control}
            name="confirmPassword"
            label={t('accept.confirmPassword')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={formState.isSubmitting}>
            {t('accept.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
