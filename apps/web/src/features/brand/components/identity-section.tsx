import Grid from '@mui/material/Grid';
import { APP_NAME_MAX_LENGTH, BRAND_FONTS, DESCRIPTION_MAX_LENGTH } from '@sms/contracts/brand-defaults';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/forms/form-select-field';
import { FormTextField } from '../../../components/forms/form-text-field';
import type { BrandFormInput, BrandFormValues } from './brand-form-schema';

const FONT_OPTIONS = BRAND_FONTS.map((font) => ({ value: font, label: font === 'system-ui' ? 'System UI' : font }));

/** App name, description and font. */
export function IdentitySection({ control }: { control: Control<BrandFormInput, unknown, BrandFormValues> }) {
  const { t } = useTranslation('brand');
  return (
    <Grid container spacing={2.5}>
      <Grid size={{ xs: 12, md: 7 }}>
        <FormTextField
          control={control}
          name="appName"
          label={t('fields.appName')}
          required
          helperText={t('hints.appName')}
          slotProps={{ htmlInput: { maxLength: APP_NAME_MAX_LENGTH } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <FormSelectField
          control={control}
          name="fontFamily"
          label={t('fields.fontFamily')}
          options={FONT_OPTIONS}
          helperText={t('hints.fontFamily')}
        />
      </Grid>
      <Grid size={12}>
        <FormTextField
          control={control}
          name="description"
          label={t('fields.description')}
          multiline
          minRows={2}
          helperText={t('hints.description')}
          slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX_LENGTH } }}
        />
      </Grid>
    </Grid>
  );
}
