import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { RESET_ERROR_CODES } from '@sms/contracts/password-reset';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../../../api/users/reset-password';
import { AuthHeading } from './auth-heading';
import { AuthLayout } from './auth-layout';
import { SetPasswordForm } from './set-password-form';

type State = 'form' | 'done' | 'invalidLink';

/** /auth/reset-password?token=...: a new password (shared rules, configured minimum), once. */
export function ResetPasswordView() {
  const { t } = useTranslation('account-access');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [state, setState] = useState<State>(token ? 'form' : 'invalidLink');
  const submit = async (password: string) => {
    await reset.mutateAsync({ token, password });
    setState('done');
  };
  const refusal = (error: unknown) => {
    if (!(error instanceof ApiError && error.code === RESET_ERROR_CODES.invalidLink)) return false;
    setState('invalidLink');
    return true;
  };

  if (state === 'done') {
    return (
      <AuthLayout variant="centered">
        <AuthHeading title={t('reset.doneTitle')} />
        <Alert severity="success" role="status" sx={{ mb: 3 }} data-testid="reset-done">
          {t('reset.done')}
        </Alert>
        <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
          {t('reset.signIn')}
        </Button>
      </AuthLayout>
    );
  }

  if (state === 'invalidLink') {
    return (
      <AuthLayout variant="centered">
        <AuthHeading title={t('reset.invalidTitle')} />
        <Alert severity="error" sx={{ mb: 3 }} data-testid="reset-invalid">
          {t('reset.invalid')}
        </Alert>
        <Button component={RouterLink} to={paths.forgotPassword} variant="contained" size="large" fullWidth>
          {t('reset.askAgain')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout variant="centered">
      <AuthHeading title={t('reset.title')} subtitle={t('reset.subtitle')} />
      <SetPasswordForm
        testId="reset-form"
        labels={{ password: t('fields.newPassword'), confirmPassword: t('fields.confirmPassword'), submit: t('reset.submit') }}
        onSubmit={submit}
        onRefusal={refusal}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
          {t('backToSignIn')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
