import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  REGISTRATION_MODES,
  TWO_STEP_REQUIREMENTS,
  type SecuritySettings,
  type SecuritySettingsResponse,
} from '@sms/contracts/security-settings';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/forms/form-select-field';
import { FormTextField } from '../../../components/forms/form-text-field';
import { validationResolver } from '../../../components/forms/validation-resolver';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useSecuritySettings, useUpdateSecuritySettings } from '../../../api/settings/security-settings';
import { MailOutboxPanel } from './mail-outbox-panel';
import { PublicAddressField } from './public-address-field';
import {
  changedSecurity,
  LIFETIME_PRESETS,
  lifetimeParts,
  securityFormValues,
  validateSecurityForm,
  type SecurityFormValues,
} from './security-form';
import { intlLocale } from '../../../lib/i18n/intl-locale';

const resolver = validationResolver<SecurityFormValues, SecuritySettings>(validateSecurityForm);

/**
 * The Security tab of /configurations: sign-up, sessions, passwords, two-step, public address;
 * and the mail outbox. Admins change it; managers read it (no outbox: it holds reset links).
 */
export function SecuritySettingsTab() {
  const query = useSecuritySettings();
  const canEdit = useAbility().can('update', 'Settings');
  if (query.isPending) return <FullPageLoader />;
  if (query.isError) {
    return <RetryAlert error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <Stack spacing={3}>
      <SecurityForm answer={query.data} canEdit={canEdit} />
      {canEdit ? (
        <MailOutboxPanel
          delivery={query.data.delivery}
          linksHaveAddress={Boolean(query.data.publicUrl ?? query.data.settings.publicAddress)}
        />
      ) : null}
    </Stack>
  );
}

function SecurityForm({ answer, canEdit }: { answer: SecuritySettingsResponse; canEdit: boolean }) {
  const { t, i18n } = useTranslation(['security', 'common']);
  const update = useUpdateSecuritySettings();
  const [notice, setNotice] = useState(false);
  const { control, handleSubmit, reset, setError, formState } = useForm<SecurityFormValues, unknown, SecuritySettings>({
    resolver,
    defaultValues: securityFormValues(answer.settings),
  });
  const duration = (seconds: number) => {
    const { value, unit } = lifetimeParts(seconds);
    return new Intl.NumberFormat(intlLocale(i18n.language), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  };
  const current = answer.settings.tokenLifetimeSeconds;
  const presets: number[] =
    current !== null && !(LIFETIME_PRESETS as readonly number[]).includes(current)
      ? [...LIFETIME_PRESETS, current].sort((a, b) => a - b)
      : [...LIFETIME_PRESETS];
  const lifetimeOptions = [
    { value: '', label: t('lifetimeDefault', { duration: duration(answer.defaultTokenLifetimeSeconds) }) },
    ...presets.map((seconds) => ({ value: String(seconds), label: duration(seconds) })),
  ];

  const submit = handleSubmit(async (output) => {
    try {
      const saved = await update.mutateAsync(changedSecurity(answer.settings, output));
      reset(securityFormValues(saved.settings));
      setNotice(true);
    } catch (error) {
      const field = error instanceof ApiError && error.status === 400 ? error.field : undefined;
      const formField = field === 'tokenLifetimeSeconds' ? 'tokenLifetime' : (field as keyof SecurityFormValues | undefined);
      if (formField && formField in securityFormValues(answer.settings))
        setError(formField, { type: 'server', message: error instanceof ApiError ? error.detail : '' });
    }
  });

  const radios = (name: 'registration' | 'twoStepRequirement', choices: readonly string[], legend: string, hint: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControl component="fieldset" disabled={!canEdit}>
          <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
            {legend}
          </FormLabel>
          <RadioGroup {...field}>
            {choices.map((choice) => (
              <FormControlLabel key={choice} value={choice} control={<Radio />} label={t(`${name}.${choice}`)} />
            ))}
          </RadioGroup>
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        </FormControl>
      )}
    />
  );

  return (
    <Card>
      <CardContent>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('title')} data-testid="security-form">
          <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
            {t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('description')}
          </Typography>
          {canEdit ? null : (
            <Alert severity="info" sx={{ mb: 3 }} data-testid="security-read-only">
              {t('readOnly')}
            </Alert>
          )}
          {update.isError && !(update.error instanceof ApiError && update.error.field) ? (
            <Alert severity="error" sx={{ mb: 3 }}>
              {errorMessage(update.error)}
            </Alert>
          ) : null}
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 6 }}>
              {radios('registration', REGISTRATION_MODES, t('registration.label'), t('registration.hint'))}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              {radios('twoStepRequirement', TWO_STEP_REQUIREMENTS, t('twoStepRequirement.label'), t('twoStepRequirement.hint'))}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormSelectField
                control={control}
                name="tokenLifetime"
                label={t('lifetime')}
                helperText={t('lifetimeHint')}
                options={lifetimeOptions}
                disabled={!canEdit}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={control}
                name="minPasswordLength"
                label={t('minPasswordLength')}
                helperText={t('minPasswordLengthHint')}
                disabled={!canEdit}
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <PublicAddressField control={control} publicUrl={answer.publicUrl} disabled={!canEdit} />
            </Grid>
          </Grid>
          {canEdit ? (
            <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
              <Button
                color="inherit"
                disabled={!formState.isDirty || formState.isSubmitting}
                onClick={() => reset(securityFormValues(answer.settings))}
              >
                {t('discard')}
              </Button>
              <Button type="submit" variant="contained" loading={formState.isSubmitting} disabled={!formState.isDirty}>
                {t('common:actions.save')}
              </Button>
            </Stack>
          ) : null}
        </Box>
      </CardContent>
      <Snackbar
        open={notice}
        autoHideDuration={5000}
        onClose={(_event, reason) => reason !== 'clickaway' && setNotice(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(false)} sx={{ width: '100%' }}>
          {t('saved')}
        </Alert>
      </Snackbar>
    </Card>
  );
}
