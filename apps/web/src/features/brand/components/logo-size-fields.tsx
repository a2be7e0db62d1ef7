import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import { LOGO_HEIGHT_RANGE, LOGO_WIDTH_RANGE } from '@sms/contracts/brand-defaults';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-text-field';
import type { BrandFormInput, BrandFormValues } from './brand-form-schema';

const FIELDS = [
  { name: 'logoWidth', range: LOGO_WIDTH_RANGE },
  { name: 'logoHeight', range: LOGO_HEIGHT_RANGE },
] as const;

/** The logo's display width and height in pixels (whole numbers within the spec's ranges). */
export function LogoSizeFields({ control }: { control: Control<BrandFormInput, unknown, BrandFormValues> }) {
  const { t } = useTranslation('brand');
  return (
    <Grid container spacing={2.5}>
      {FIELDS.map(({ name, range }) => (
        <Grid key={name} size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name={name}
            label={t(`fields.${name}`)}
            type="number"
            helperText={t('hints.pixels', { min: range.min, max: range.max })}
            slotProps={{
              htmlInput: { min: range.min, max: range.max, step: 1, inputMode: 'numeric' },
              input: { endAdornment: <InputAdornment position="end">px</InputAdornment> },
            }}
          />
        </Grid>
      ))}
    </Grid>
  );
}
