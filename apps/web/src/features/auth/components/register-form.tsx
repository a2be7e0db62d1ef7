import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { RegisterBody } from '@sms/contracts/users';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormPasswordField } from '../../../components/forms/form-password-field';
import { FormTextField } from '../../../components/forms/form-text-field';
import { PasswordStrengthMeter } from '../../../components/forms/password-strength-meter';
import { showSubmitError } from '../../../components/forms/server-field-error';
import type { LoginOutcome } from '../../../lib/auth/auth-context';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useRegister } from '../../../api/users/register';
import { registerFormSchemaWithMin } from './register-schema';

const SERVER_FIELDS = ['name', 'email', 'password'] as const;

/**
 * Name, email, password (at least `minPasswordLength` characters) and confirmation. On success
 * the new account signs in right away and `onOutcome` runs (a second step may be due when admins
 * require two-step verification); a failed sign-in afterwards calls `onRegisteredOnly`.
 */
export function RegisterForm({
  submitLabel,
  minPasswordLength,
  onOutcome,
  onRegisteredOnly,
  children,
  extraBody,
}: {
  submitLabel: string;
  minPasswordLength: number;
  onOutcome: (outcome: LoginOutcome) => void;
  onRegisteredOnly: () => void;
  /** More fields, shown before the submit button (first-run setup's organisation fields). */
  children?: ReactNode;
  /** What those fields add to the registration request. */
  extraBody?: Partial<RegisterBody>;
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
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async ({ name, email, password: chosen }) => {
    setFailure(null);
    try {
      await registration.mutateAsync({ ...extraBody, name, email, password: chosen, locale: language });
    } catch (error) {
      showSubmitError(error, SERVER_FIELDS, setError, setFailure);
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
        <FormPasswordField
          control={control}
          name="confirmPassword"
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
        />
        {children}
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
