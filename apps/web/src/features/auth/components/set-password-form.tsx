import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PASSWORD_MIN_LENGTH } from '@sms/contracts/password-limits';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormPasswordField } from '../../../components/forms/form-password-field';
import { PasswordStrengthMeter } from '../../../components/forms/password-strength-meter';
import { showSubmitError } from '../../../components/forms/server-field-error';
import { setupStatusQueryOptions } from '../../../api/users/get-setup-status';
import { resetFormSchema } from './reset-schema';

export interface SetPasswordFormProps {
  /** The form's test id (`reset-form`, `invitation-form`). */
  testId: string;
  labels: { password: string; confirmPassword: string; submit: string };
  /** Sends the chosen password; a thrown error is shown on the field or in the form's alert. */
  onSubmit: (password: string) => Promise<void>;
  /** Takes an error the page handles itself (an invalid link, a used invitation): true when it did. */
  onRefusal?: (error: unknown) => boolean;
}

/**
 * A new password and its confirmation under the shared rules and the configured minimum, with the
 * strength meter: the form of the reset-password and accept-invitation pages.
 */
export function SetPasswordForm({ testId, labels, onSubmit, onRefusal }: SetPasswordFormProps) {
  const minLength = useQuery(setupStatusQueryOptions()).data?.minPasswordLength ?? PASSWORD_MIN_LENGTH;
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
      await onSubmit(values.password);
    } catch (error) {
      if (onRefusal?.(error)) return;
      showSubmitError(error, ['password'] as const, setError, setFailure);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid={testId}>
      {failure ? (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {failure}
        </Alert>
      ) : null}
      <Stack spacing={2.5}>
        <Box>
          <FormPasswordField control={control} name="password" label={labels.password} autoComplete="new-password" required />
          <PasswordStrengthMeter password={password} minLength={minLength} />
        </Box>
        <FormPasswordField control={control} name="confirmPassword" label={labels.confirmPassword} autoComplete="new-password" required />
        <Button type="submit" variant="contained" size="large" fullWidth loading={formState.isSubmitting}>
          {labels.submit}
        </Button>
      </Stack>
    </Box>
  );
}
