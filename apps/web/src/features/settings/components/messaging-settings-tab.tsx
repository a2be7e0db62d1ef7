import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MessagingSettings } from '@sms/contracts/messaging-settings';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { FormTextField } from '../../../components/forms/form-text-field';
import { validationResolver } from '../../../components/forms/validation-resolver';
import { useFieldErrorText } from '../../../components/forms/use-field-error-text';
import { FullPageLoader } from '../../../components/full-page-loader';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { RetryAlert } from '../../../components/retry-alert';
import { TimeZoneSelect } from '../../../components/time-zone-select';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useMessagingSettings } from '../../../api/settings/get-messaging-settings';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useUpdateMessagingSettings } from '../../../api/settings/update-messaging-settings';
import { CountryPricesCard } from './country-prices-card';
import { CurrencySelect } from './currency-select';
import { KeywordsCard } from './keywords-card';
import {
  changedSettings,
  messagingFormValues,
  validateMessagingForm,
  type MessagingDefaults,
  type MessagingFormValues,
} from './messaging-form';

const resolver = validationResolver<MessagingFormValues, MessagingDefaults>(validateMessagingForm);

/** The Messaging tab of /configurations: the organisation's time zone, default country and SMS price; keywords. */
export function MessagingSettingsTab() {
  const query = useMessagingSettings();
  if (query.isPending) return <FullPageLoader />;
  if (query.isError) {
    return <RetryAlert error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <Stack spacing={3}>
      <MessagingSettingsForm settings={query.data} />
      <CountryPricesCardForRole settings={query.data} />
      <KeywordsCardForRole settings={query.data} />
    </Stack>
  );
}

function CountryPricesCardForRole({ settings }: { settings: MessagingSettings }) {
  return <CountryPricesCard settings={settings} canEdit={useAbility().can('update', 'Settings')} />;
}

function KeywordsCardForRole({ settings }: { settings: MessagingSettings }) {
  return <KeywordsCard settings={settings} canEdit={useAbility().can('update', 'Settings')} />;
}

function MessagingSettingsForm({ settings }: { settings: MessagingSettings }) {
  const { t } = useTranslation(['settings', 'common']);
  const errorText = useFieldErrorText();
  const canEdit = useAbility().can('update', 'Settings');
  const update = useUpdateMessagingSettings();
  const [notice, setNotice] = useState(false);
  const { control, handleSubmit, reset, setError, formState } = useForm<MessagingFormValues, unknown, MessagingDefaults>({
    resolver,
    defaultValues: messagingFormValues(settings),
  });
  // The shared schema words zone, country and currency problems in English: show ours instead.
  const message = (field: keyof MessagingFormValues, text: string | undefined) =>
    text && field !== 'pricePerSegment' && field !== 'pricePerSegmentUcs2' ? t(`messaging.invalid.${field}`) : errorText(text);
  const submit = handleSubmit(async (output) => {
    try {
      const saved = await update.mutateAsync(changedSettings(settings, output));
      reset(messagingFormValues(saved));
      setNotice(true);
    } catch (error) {
      const field = error instanceof ApiError && error.status === 400 ? (error.field as keyof MessagingFormValues | undefined) : undefined;
      if (field && field in messagingFormValues(settings))
        setError(field, { type: 'server', message: error instanceof ApiError ? error.detail : '' });
    }
  });

  return (
    <Card>
      <CardContent>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label={t('messaging.title')}
          data-testid="messaging-form"
        >
          <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
            {t('messaging.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('messaging.description')}
          </Typography>
          <Stack spacing={2} sx={{ mb: 3, '&:empty': { display: 'none' } }}>
            {canEdit ? null : <Alert severity="info">{t('messaging.readOnly')}</Alert>}
            {update.isError && !(update.error instanceof ApiError && update.error.field) ? (
              <Alert severity="error">{errorMessage(update.error)}</Alert>
            ) : null}
          </Stack>
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={control}
                name="timeZone"
                render={({ field, fieldState }) => (
                  <TimeZoneSelect
                    label={t('messaging.timeZone')}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={!canEdit}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error ? message('timeZone', fieldState.error.message) : t('messaging.timeZoneHint')}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={control}
                name="defaultCountry"
                render={({ field, fieldState }) => (
                  <CountrySelect
                    label={t('messaging.defaultCountry')}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={!canEdit}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error ? message('defaultCountry', fieldState.error.message) : t('messaging.defaultCountryHint')}
                    groups={{ common: t('messaging.commonCountries'), all: t('messaging.allCountries') }}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={control}
                name="pricePerSegment"
                label={t('messaging.pricePerSegment')}
                helperText={t('messaging.priceHint')}
                disabled={!canEdit}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={control}
                name="pricePerSegmentUcs2"
                label={t('messaging.pricePerSegmentUcs2')}
                helperText={t('messaging.priceUcs2Hint')}
                disabled={!canEdit}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={control}
                name="currency"
                render={({ field, fieldState }) => (
                  <CurrencySelect
                    label={t('messaging.currency')}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={!canEdit}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error ? message('currency', fieldState.error.message) : undefined}
                  />
                )}
              />
            </Grid>
          </Grid>
          {canEdit ? (
            <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
              <Button
                color="inherit"
                disabled={!formState.isDirty || formState.isSubmitting}
                onClick={() => reset(messagingFormValues(settings))}
              >
                {t('messaging.discard')}
              </Button>
              <Button type="submit" variant="contained" loading={formState.isSubmitting} disabled={!formState.isDirty}>
                {t('common:actions.save')}
              </Button>
            </Stack>
          ) : null}
        </Box>
      </CardContent>
      <MessageSnackbar message={notice ? t('messaging.saved') : null} onClose={() => setNotice(false)} />
    </Card>
  );
}
