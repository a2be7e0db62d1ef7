import FormControlLabel from '@mui/material/FormControlLabel';
import { DateField } from '../../../../components/date-field/date-field';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isLocalDateTime, isTimeZone, zonedToInstant } from '@sms/contracts/zoned-time';
import { Suspense } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../components/date-time';
import { useFieldErrorText } from '../../../../components/forms/use-field-error-text';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { lazyPage } from '../../../../lib/lazy-page';
import type { ComposerOutput } from './composer-resolver';
import type { ComposerValues } from './composer-values';

/** Only a campaign sent later needs a time zone: its picker (an autocomplete) downloads when "later" is chosen. */
const TimeZoneSelect = lazyPage(async () => ({ default: (await import('../../../../components/time-zone-select')).TimeZoneSelect }));

/** Send when launched, or at a date and time read in a chosen time zone (shown back in the viewer's own time). */
export function ScheduleSection({ control, scheduled }: { control: Control<ComposerValues, unknown, ComposerOutput>; scheduled: boolean }) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const errorText = useFieldErrorText();
  const [mode, local, timeZone] = useWatch({ control, name: ['scheduleMode', 'scheduledLocal', 'timeZone'] });
  const instant = mode === 'later' && isLocalDateTime(local) && isTimeZone(timeZone) ? zonedToInstant(local, timeZone) : null;

  return (
    <Stack spacing={2.5}>
      <Controller
        control={control}
        name="scheduleMode"
        render={({ field }) => (
          <RadioGroup
            row
            aria-label={t('composer.schedule.label')}
            name={field.name}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
          >
            <FormControlLabel value="now" control={<Radio />} label={t('composer.schedule.now')} disabled={scheduled} />
            <FormControlLabel value="later" control={<Radio />} label={t('composer.schedule.later')} />
          </RadioGroup>
        )}
      />
      {mode === 'later' ? (
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Controller
              control={control}
              name="scheduledLocal"
              render={({ field, fieldState }) => (
                <DateField
                  withTime
                  fullWidth
                  size="medium"
                  label={t('composer.schedule.at')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={errorText(fieldState.error?.message)}
                  testId="schedule-at"
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Controller
              control={control}
              name="timeZone"
              render={({ field, fieldState }) => (
                <Suspense fallback={null}>
                  <TimeZoneSelect
                    label={t('composer.schedule.timeZone')}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    error={Boolean(fieldState.error)}
                    helperText={errorText(fieldState.error?.message)}
                  />
                </Suspense>
              )}
            />
          </Grid>
          {instant ? (
            <Grid size={12}>
              <Typography variant="body2" color="text.secondary" data-testid="schedule-local">
                {t('composer.schedule.yourTime', { time: formatDateTime(instant.toISOString(), language) ?? '' })}
              </Typography>
            </Grid>
          ) : null}
        </Grid>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('composer.schedule.nowHint')}
        </Typography>
      )}
    </Stack>
  );
}
