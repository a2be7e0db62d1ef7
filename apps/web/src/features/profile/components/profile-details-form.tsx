import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { User } from '@sms/contracts/users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/forms/form-select-field';
import { FormTextField } from '../../../components/forms/form-text-field';
import { showSubmitError } from '../../../components/forms/server-field-error';
import { localeOptions } from '../../../lib/i18n/locale-names';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useUpdateProfile } from '../../../api/users/update-user';
import { changedDetails, profileDetailsSchema } from './profile-schemas';

const FIELDS = ['name', 'phone', 'locale'] as const;
const LANGUAGE_OPTIONS = localeOptions();

/** Name, phone and language of the signed-in user; saving a language also switches the interface to it. */
export function ProfileDetailsForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const { setLanguage } = useLanguage();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(profileDetailsSchema),
    defaultValues: { name: user.name, phone: user.phone ?? '', locale: user.locale },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const body = changedDetails(user, values);
    if (Object.keys(body).length === 0) return;
    try {
      await update.mutateAsync(body);
      if (body.locale) await setLanguage(body.locale);
      onSaved();
    } catch (error) {
      showSubmitError(error, FIELDS, setError, setFailure);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="profile-details-form">
      {failure ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      ) : null}
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="name" label={t('fields.name')} autoComplete="name" required />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField
            control={control}
            name="phone"
            label={t('fields.phone')}
            type="tel"
            autoComplete="tel"
            helperText={t('details.phoneHint')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField
            control={control}
            name="locale"
            label={t('fields.locale')}
            options={LANGUAGE_OPTIONS}
            helperText={t('details.localeHint')}
          />
        </Grid>
      </Grid>
      <Stack direction="row" sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
          {t('details.save')}
        </Button>
      </Stack>
    </Box>
  );
}
