import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { User } from '@sms/contracts/users';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormPasswordField } from '../../../components/forms/form-password-field';
import { FormSelectField } from '../../../components/forms/form-select-field';
import { FormTextField } from '../../../components/forms/form-text-field';
import { showSubmitError } from '../../../components/forms/server-field-error';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useUpdateUser } from '../../../api/users/update-user';
import { changedFields, editFormDefaults, editUserFormSchema, needsCurrentPassword } from './edit-user-form-schema';
import { PasswordWithGenerator } from './password-with-generator';
import { useUserOptions } from './use-user-options';

const FIELDS = ['name', 'email', 'phone', 'locale', 'role', 'status', 'password', 'currentPassword'] as const;

/** Edits `user`; only changed fields are sent. Role and status are for administrators only. */
export function EditUserForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const { t } = useTranslation(['users', 'common']);
  const { user: me } = useAuth();
  const canChangeRole = useAbility().can('update', 'User');
  const self = me?.id === user.id;
  const options = useUserOptions();
  const update = useUpdateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(editUserFormSchema), defaultValues: editFormDefaults(user) });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  const askCurrent = needsCurrentPassword(user, { email, password }, self);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    if (askCurrent && values.currentPassword === '') {
      setError('currentPassword', { type: 'required', message: 'validation.currentPasswordRequired' }, { shouldFocus: true });
      return;
    }
    const body = changedFields(user, values, { self, canChangeRole });
    if (Object.keys(body).length === 0) return onSaved();
    try {
      await update.mutateAsync({ id: user.id, body });
      onSaved();
    } catch (error) {
      showSubmitError(error, FIELDS, setError, setFailure);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="user-edit-form">
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
          <FormTextField
            control={control}
            name="phone"
            label={t('fields.phone')}
            type="tel"
            autoComplete="off"
            helperText={t('form.phoneHint')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField control={control} name="locale" label={t('fields.locale')} options={options.languages} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField
            control={control}
            name="role"
            label={t('fields.role')}
            options={options.roles}
            disabled={!canChangeRole}
            helperText={canChangeRole ? undefined : t('form.adminsOnly')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField
            control={control}
            name="status"
            label={t('fields.status')}
            options={options.statuses}
            disabled={!canChangeRole}
            helperText={canChangeRole ? t('form.statusHint') : t('form.adminsOnly')}
          />
        </Grid>
      </Grid>
      <Divider sx={{ my: 4 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('form.passwordSection')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        {self ? t('form.passwordSectionSelf') : t('form.passwordSectionOther')}
      </Typography>
      <Stack spacing={2.5}>
        <PasswordWithGenerator control={control} setValue={setValue} name="password" label={t('fields.newPassword')} />
        {askCurrent ? (
          <FormPasswordField
            control={control}
            name="currentPassword"
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            helperText={t('form.currentPasswordHint')}
            required
          />
        ) : null}
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ mt: 4, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={paths.users.detail(user.id)} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
          {t('common:actions.save')}
        </Button>
      </Stack>
    </Box>
  );
}
