import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormPasswordField } from '../../../components/forms/form-password-field';
import { PasswordStrengthMeter } from '../../../components/forms/password-strength-meter';
import { showSubmitError } from '../../../components/forms/server-field-error';
import { useMinPasswordLength } from '../../../lib/auth/use-min-password-length';
import { useUpdateProfile } from '../../../api/users/update-user';
import { changePasswordSchemaWithMin } from './profile-schemas';

const FIELDS = ['currentPassword', 'password'] as const;
const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** Current, new and confirmed password; the session continues with the new token the API returns. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const minLength = useMinPasswordLength();
  const schema = useMemo(() => changePasswordSchemaWithMin(minLength), [minLength]);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async ({ currentPassword, password: chosen }) => {
    setFailure(null);
    try {
      await update.mutateAsync({ currentPassword, password: chosen });
      reset(EMPTY);
      onChanged();
    } catch (error) {
      showSubmitError(error, FIELDS, setError, setFailure);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="change-password-form">
      {failure ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      ) : null}
      <Stack spacing={2.5} sx={{ maxWidth: 520 }}>
        <FormPasswordField
          control={control}
          name="currentPassword"
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          required
        />
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
      </Stack>
      <Stack direction="row" sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('password.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
