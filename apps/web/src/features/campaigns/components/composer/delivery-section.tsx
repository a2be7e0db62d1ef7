import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../../components/forms/form-text-field';
import type { ComposerOutput } from './composer-resolver';
import type { ComposerValues } from './composer-values';

const number = { inputMode: 'numeric', pattern: '[0-9]*', dir: 'ltr' } as const;

/** Rate limit, reply window, quiet hours (in the organisation's time zone) and validity. */
export function DeliverySection({
  control,
  organisationTimeZone,
}: {
  control: Control<ComposerValues, unknown, ComposerOutput>;
  organisationTimeZone: string;
}) {
  const { t } = useTranslation('campaigns');
  const quiet = useWatch({ control, name: 'quietHoursEnabled' });
  const unit = (text: string) => ({ htmlInput: number, input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> } });
  return (
    <Grid container spacing={2.5}>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormTextField
          control={control}
          name="rateLimit"
          label={t('fields.rateLimit')}
          helperText={t('composer.delivery.rateHint')}
          slotProps={unit(t('composer.delivery.perSecond'))}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormTextField
          control={control}
          name="replyWindowHours"
          label={t('fields.replyWindowHours')}
          helperText={t('composer.delivery.replyHint')}
          slotProps={unit(t('composer.delivery.hours'))}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormTextField
          control={control}
          name="validityHours"
          label={t('fields.validityHours')}
          helperText={t('composer.delivery.validityHint')}
          slotProps={unit(t('composer.delivery.hours'))}
        />
      </Grid>
      <Grid size={12}>
        <Controller
          control={control}
          name="quietHoursEnabled"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} name={field.name} />}
              label={t('composer.delivery.quietHours')}
            />
          )}
        />
      </Grid>
      {quiet ? (
        <>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormTextField
              control={control}
              name="quietStart"
              label={t('composer.delivery.quietStart')}
              type="time"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormTextField
              control={control}
              name="quietEnd"
              label={t('composer.delivery.quietEnd')}
              type="time"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {t('composer.delivery.quietHint', { zone: organisationTimeZone })}
            </Typography>
          </Grid>
        </>
      ) : null}
    </Grid>
  );
}
