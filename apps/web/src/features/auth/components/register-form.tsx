import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormPasswordField } from '../../../components/forms/form-password-field';
import { FormTextField } from '../../../components/forms/form-text-field';
import { PasswordStrengthMeter } from '../../../components/forms/password-strength-meter';
import { serverFieldError } from '../../../components/forms/server-field-error';
import { errorMessage } from '../../../lib/api-client';
import type { LoginOutcome } from '../../../lib/auth/auth-context';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useRegister } from '../api/register';
import { registerFormSchemaWithMin } from './register-schema';
import { browserAddress, SetupPublicAddressField } from './setup-public-address-field';

const SERVER_FIELDS = ['name', 'email', 'password', 'publicAddress'] as const;

/**
 * Name, email, password (at least `minPasswordLength` characters) and confirmation. On success
 * the new account signs in right away and `onOutcome` runs (a second step may be due when admins
 * require two-step verification); a failed sign-in afterwards calls `onRegisteredOnly`. The first
 * admin's setup (`firstAdmin`) also sends the app's public address.
 */
export function RegisterForm({
  submitLabel,
  minPasswordLength,
  firstAdmin = false,
  onOutcome,
  onRegisteredOnly,
}: {
  submitLabel: string;
  minPasswordLength: number;
  firstAdmin?: boolean;
  onOutcome: (outcome: LoginOutcome) => void;
  onRegisteredOnly: () => void;
}) {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const { language } = useLanguage();
  const registration = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(registerFormSchemaWithMin(minPasswordLength)),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', publicAddress: firstAdmin ? browserAddress() : '' },
  });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async ({ name, email, password: chosen, publicAddress }) => {
    setFailure(null);
    try {
      await registration.mutateAsync({ name, email, password: chosen, locale: language, ...(firstAdmin && publicAddress ? { publicAddress } : {}) });
    } catch (error) {
      const fieldError = serverFieldError(error, SERVER_FIELDS);
      if (fieldError) setError(fieldError.field, { type: 'server', message: fieldError.message }, { shouldFocus: true });
      else setFailure(errorMessage(error));
      return;
    }
    try {
      onOutcome(await login(email, chosen));
    } catch {
      onRegisteredOnly();
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="register-form">
      {failure ? (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {failure}
        </Alert>
      ) : null}
      <Stack spacing={2.5}>
        <FormTextField control={control} name="name" label={t('fields.name')} autoComplete="name" required />
        <FormTextField control={control} name="email" label={t('fields.email')} type="email" autoComplete="email" required />
        <Box>
          <FormPasswordField control={control} name="password" label={t('fields.password')} autoComplete="new-password" required />
          <PasswordStrengthMeter password={password} minLength={minPasswordLength} />
        </Box>
        <FormPasswordField control={control} name="confirmPassword" label={t('fields.confirmPassword')} autoComplete="new-password" required />
        {firstAdmin ? <SetupPublicAddressField control={control} /> : null}
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
