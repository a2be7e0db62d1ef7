import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { LoginBody } from '@sms/contracts/sign-in';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormPasswordField } from '../../../components/forms/form-password-field';
import { lazyZodResolver } from '../../../components/forms/lazy-zod-resolver';
import { FormTextField } from '../../../components/forms/form-text-field';
import type { LoginOutcome } from '../../../lib/auth/auth-context';
import { useAuth } from '../../../lib/auth/use-auth';
import { loginErrorView, type LoginErrorView } from './login-error';
import { useLoginFailureText } from './use-login-failure-text';

// Outside the component: one resolver for the page's life, loaded once (decision 064).
const loginResolver = lazyZodResolver<LoginBody>(() => import('@sms/contracts/sign-in').then((module) => module.loginBodySchema));

/**
 * Email + password sign-in; `onOutcome` gets the result: a stored session, or the challenge of
 * a second step still due. `forgotPath` is the forgotten-password page of the same layout.
 */
export function LoginForm({ onOutcome, forgotPath }: { onOutcome: (outcome: LoginOutcome) => void; forgotPath: string }) {
  const { t } = useTranslation('auth');
  const failureText = useLoginFailureText();
  const { login } = useAuth();
  const [failure, setFailure] = useState<LoginErrorView | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<LoginBody>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      onOutcome(await login(email, password));
    } catch (error) {
      setFailure(loginErrorView(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} onFocus={loginResolver.preload} data-testid="login-form">
      {failure ? (
        <Alert severity="error" sx={{ mb: 2.5 }} data-testid="login-error">
          {failureText(failure)}
        </Alert>
      ) : null}
      <Stack spacing={2.5}>
        <FormTextField control={control} name="email" label={t('fields.email')} type="email" autoComplete="email" required />
        <Box>
          <FormPasswordField control={control} name="password" label={t('fields.password')} autoComplete="current-password" required />
          <Box sx={{ mt: 1, textAlign: 'end' }}>
            <Link component={RouterLink} to={forgotPath} variant="body2" sx={{ fontWeight: 600 }}>
              {t('login.forgotPassword')}
            </Link>
          </Box>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('login.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
