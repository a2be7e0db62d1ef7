import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  COLOR_THEME_NAMES,
  DIRECTIONS,
  THEME_MODES,
  updatePreferencesBodySchema,
  type UpdatePreferencesBody,
} from '@sms/contracts/preferences';
import type { User } from '@sms/contracts/users';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/forms/form-select-field';
import { errorMessage } from '../../../lib/api-client';
import { localeOptions } from '../../../lib/i18n/locale-names';
import { usePreferenceApplier } from '../../../lib/preferences/apply-preferences';
import { useUpdatePreferences } from '../../../api/account/update-preferences';
import { preferencesBody, preferencesFormValues, type PreferencesFormValues } from './preferences-values';

/** The four complete languages first, then MUI's locales by their own names (decision 107). */
const LOCALE_OPTIONS = localeOptions();
// Shows "Not set" (value '') as a choice instead of an empty box.
const SHOW_EMPTY = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const resolver: Resolver<PreferencesFormValues, unknown, UpdatePreferencesBody> = (values) => {
  const parsed = updatePreferencesBodySchema.safeParse(preferencesBody(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), { type: 'validate', message: issue.message }])),
  };
};

/**
 * Language, direction, mode and colour theme, saved to the account: applied here at once, and in
 * any browser when this account signs in. "Not set" keeps each browser's own choice.
 */
export function PreferencesForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const save = useUpdatePreferences();
  const apply = usePreferenceApplier();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<PreferencesFormValues, unknown, UpdatePreferencesBody>({
    resolver,
    defaultValues: preferencesFormValues(user),
  });
  const unset = { value: '', label: t('preferences.notSet') };

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { user: saved } = await save.mutateAsync(body);
      await apply(saved);
      reset(preferencesFormValues(saved));
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="preferences-form">
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {t('preferences.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('preferences.description')}
      </Typography>
      {failure ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      ) : null}
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField control={control} name="locale" label={t('preferences.language')} options={LOCALE_OPTIONS} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField
            control={control}
            name="direction"
            slotProps={SHOW_EMPTY}
            label={t('preferences.direction')}
            options={[unset, ...DIRECTIONS.map((value) => ({ value, label: t(`preferences.directions.${value}`) }))]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField
            control={control}
            name="mode"
            slotProps={SHOW_EMPTY}
            label={t('preferences.mode')}
            options={[unset, ...THEME_MODES.map((value) => ({ value, label: t(`preferences.modes.${value}`) }))]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField
            control={control}
            name="colorTheme"
            slotProps={SHOW_EMPTY}
            label={t('preferences.colorTheme')}
            options={[unset, ...COLOR_THEME_NAMES.map((value) => ({ value, label: t(`common:customizer.themes.${value}`) }))]}
          />
        </Grid>
      </Grid>
      <Stack direction="row" sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={formState.isSubmitting} disabled={!formState.isDirty}>
          {t('preferences.save')}
        </Button>
      </Stack>
    </Box>
  );
}
