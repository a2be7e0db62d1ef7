import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@sms/contracts/password-limits';
import { RESET_ERROR_CODES } from '@sms/contracts/password-reset';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FormPasswordField } from '../../../components/forms/form-password-field';
import { PasswordStrengthMeter } from '../../../components/forms/password-strength-meter';
import { showSubmitError } from '../../../components/forms/server-field-error';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { setupStatusQueryOptions } from '../../../api/users/get-setup-status';
import { useResetPassword } from '../../../api/users/reset-password';
import { AuthHeading } from './auth-heading';
import { AuthLayout } from './auth-layout';
import { resetFormSchema } from './reset-schema';

type State = 'form' | 'done' | 'invalidLink';

/** /auth/reset-password?token=...: a new password (shared rules, configured minimum), once. */
export function ResetPasswordView() {
  const { t } = useTranslation('account-access');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const minLength = useQuery(setupStatusQueryOptions()).data?.minPasswordLength ?? PASSWORD_MIN_LENGTH;
  const reset = useResetPassword();
  const [state, setState] = useState<State>(token ? 'form' : 'invalidLink');
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
      await reset.mutateAsync({ token, password: values.password });
      setState('done');
    } catch (error) {
      if (error instanceof ApiError && error.code === RESET_ERROR_CODES.invalidLink) return setState('invalidLink');
      showSubmitError(error, ['password'] as const, setError, setFailure);
    }
  });

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
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="reset-form">
        {failure ? (
          <Alert severity="error" sx={{ mb: 2.5 }}>
            {failure}
          </Alert>
        ) : null}
        <Stack spacing={2.5}>
          <Box>
            <FormPasswordField control={control} name="password" label={t('fields.newPassword')} autoComplete="new-password" required />
            <PasswordStrengthMeter password={password} minLength={minLength} />
          </Box>
          <FormPasswordField
            control={control}
            name="confirmPassword"
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={formState.isSubmitting}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
          {t('backToSignIn')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
