import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { useFieldErrorText } from '../../../components/forms/use-field-error-text';
import { countryName } from '../../../lib/countries';
import { useLanguage } from '../../../lib/i18n/use-language';
import { PHONE_PROBLEM_PREFIX, phonePreview, type ContactFormInput, type ContactFormValues } from './contact-form-schema';

/**
 * The phone number as people write it ('07911 123456', '+44 7911 123456', '0044…') with the
 * country for numbers without a code, and the normalised E.164 number and its country live.
 */
export function PhoneField({
  control,
  existingLink,
  disabled = false,
}: {
  control: Control<ContactFormInput, unknown, ContactFormValues>;
  existingLink?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation('contacts');
  const { language } = useLanguage();
  const errorText = useFieldErrorText();
  const [phone, defaultCountry] = useWatch({ control, name: ['phone', 'defaultCountry'] });
  const preview = phonePreview(phone, defaultCountry);
  const message = (text: string | undefined) =>
    text === 'phone is required'
      ? t('phone.problems.missing')
      : text?.startsWith(PHONE_PROBLEM_PREFIX)
        ? t(`phone.problems.${text.slice(PHONE_PROBLEM_PREFIX.length)}`, {
            country: defaultCountry ? countryName(defaultCountry, language) : '',
          })
        : errorText(text);

  return (
    <Grid container spacing={2.5}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <TextField
              fullWidth
              required
              label={t('fields.phone')}
              type="tel"
              autoComplete="off"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={disabled}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error ? (
                  <>
                    {message(fieldState.error.message)}
                    {existingLink}
                  </>
                ) : disabled ? (
                  t('phone.notYours')
                ) : (
                  t('phone.hint')
                )
              }
              slotProps={{ htmlInput: { maxLength: 40, dir: 'ltr', 'data-testid': 'contact-phone' } }}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Controller
          control={control}
          name="defaultCountry"
          render={({ field }) => (
            <CountrySelect
              label={t('phone.country')}
              disabled={disabled}
              value={field.value}
              onChange={field.onChange}
              helperText={t('phone.countryHint')}
              groups={{ common: t('phone.commonCountries'), all: t('phone.allCountries') }}
            />
          )}
        />
      </Grid>
      <Grid size={12}>
        <Box
          role="status"
          aria-live="polite"
          data-testid="phone-preview"
          sx={{ minHeight: 24, display: 'flex', alignItems: 'center', gap: 1, color: preview?.ok ? 'textColor.success' : 'text.secondary' }}
        >
          {preview?.ok ? (
            <>
              <IconCircleCheck size={18} aria-hidden />
              <Typography variant="body2" sx={{ color: 'inherit' }}>
                {t('phone.normalised')}{' '}
                <Box component="bdi" sx={{ fontWeight: 700 }} dir="ltr" data-testid="phone-e164">
                  {preview.e164}
                </Box>
                {preview.country ? ` · ${countryName(preview.country, language)}` : ''}
              </Typography>
            </>
          ) : preview && !preview.ok ? (
            <Typography variant="body2">
              {t(`phone.problems.${preview.reason}`, { country: defaultCountry ? countryName(defaultCountry, language) : '' })}
            </Typography>
          ) : null}
        </Box>
      </Grid>
    </Grid>
  );
}
