import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { forgotPasswordBodySchema } from '@sms/contracts/password-reset';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/forms/form-text-field';
import { paths } from '../../../config/paths';
import { useForgotPassword } from '../../../api/users/forgot-password';
import { AuthHeading } from './auth-heading';
import { AuthLayout, type AuthVariant } from './auth-layout';
import { loginErrorView } from './login-error';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/**
 * "Forgot password" in either layout: one email field. The answer is the same whether or not an
 * account exists, so the page never says which.
 */
export function ForgotPasswordView({ variant }: { variant: AuthVariant }) {
  const { t, i18n } = useTranslation('account-access');
  const request = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const loginPath = variant === 'split' ? paths.split.login : paths.login;
  const { control, handleSubmit, formState } = useForm({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
      setSentTo(values.email);
    } catch {
      // shown from the mutation's error below
    }
  });

  const failure = (() => {
    if (!request.error) return null;
    const view = loginErrorView(request.error);
    if ('text' in view) return view.text;
    if (view.key === 'throttled' && view.delay)
      return t('forgot.throttled', {
        when: new Intl.RelativeTimeFormat(intlLocale(i18n.language), { numeric: 'always' }).format(view.delay.value, view.delay.unit),
      });
    return t('forgot.throttledLater');
  })();

  const backToSignIn = (
    <Typography sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to={loginPath} sx={{ fontWeight: 600 }}>
        {t('backToSignIn')}
      </Link>
    </Typography>
  );

  if (sentTo) {
    return (
      <AuthLayout variant={variant}>
        <AuthHeading title={t('forgot.sentTitle')} />
        <Alert severity="success" role="status" data-testid="forgot-sent">
          {t('forgot.sent', { email: sentTo })}
        </Alert>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('forgot.sentHelp')}
        </Typography>
        {backToSignIn}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout variant={variant}>
      <AuthHeading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="forgot-form">
        {failure ? (
          <Alert severity="error" sx={{ mb: 2.5 }}>
            {failure}
          </Alert>
        ) : null}
        <Stack spacing={2.5}>
          <FormTextField control={control} name="email" label={t('fields.email')} type="email" autoComplete="email" required autoFocus />
          <Button type="submit" variant="contained" size="large" fullWidth loading={formState.isSubmitting}>
            {t('forgot.submit')}
          </Button>
        </Stack>
      </Box>
      {backToSignIn}
    </AuthLayout>
  );
}
