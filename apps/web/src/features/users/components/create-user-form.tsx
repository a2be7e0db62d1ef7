import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { registerBodySchema, type RegisterBody, type User } from '@sms/contracts/users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormSelectField } from '../../../components/forms/form-select-field';
import { FormTextField } from '../../../components/forms/form-text-field';
import { showSubmitError } from '../../../components/forms/server-field-error';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useCreateUser } from '../../../api/users/register';
import { PasswordWithGenerator } from './password-with-generator';
import { useUserOptions } from './use-user-options';

const FIELDS = ['name', 'email', 'role', 'phone', 'locale', 'password'] as const;

/** Name, email, role (default viewer), phone, language and password for a new account. */
export function CreateUserForm({ onCreated }: { onCreated: (user: User) => void }) {
  const { t } = useTranslation(['users', 'common']);
  const { language } = useLanguage();
  const options = useUserOptions();
  const creation = useCreateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { name: '', email: '', role: 'viewer', phone: '', locale: language, password: '' },
  });

  const submit = handleSubmit(async (values: RegisterBody) => {
    setFailure(null);
    try {
      onCreated(await creation.mutateAsync(values));
    } catch (error) {
      showSubmitError(error, FIELDS, setError, setFailure);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="user-create-form">
      {failure ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      ) : null}
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="name" label={t('fields.name')} autoComplete="off" required />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="email" label={t('fields.email')} type="email" autoComplete="off" required />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField control={control} name="role" label={t('fields.role')} options={options.roles} helperText={t('form.roleHint')} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField control={control} name="locale" label={t('fields.locale')} options={options.languages} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField
            control={control}
            name="phone"
            label={t('fields.phone')}
            type="tel"
            autoComplete="off"
            helperText={t('form.phoneHint')}
          />
        </Grid>
        <Grid size={12}>
          <PasswordWithGenerator
            control={control}
            setValue={setValue}
            name="password"
            label={t('fields.password')}
            helperText={t('form.passwordHint')}
            required
          />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1.5} sx={{ mt: 4, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={paths.users.list} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('form.create')}
        </Button>
      </Stack>
    </Box>
  );
}
