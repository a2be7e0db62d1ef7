import Grid from '@mui/material/Grid';
import type { BrandSettings } from '@sms/contracts/brand';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BrandFormInput, BrandFormValues } from './brand-form-schema';
import { ColorField } from './color-field';

const COLORS = ['primaryColor', 'secondaryColor', 'accentColor'] as const;

/** Primary, secondary and accent colours. */
export function ColorsSection({ control, saved }: { control: Control<BrandFormInput, unknown, BrandFormValues>; saved: BrandSettings }) {
  const { t } = useTranslation('brand');
  return (
    <Grid container spacing={2.5}>
      {COLORS.map((name) => (
        <Grid key={name} size={{ xs: 12, sm: 4 }}>
          <ColorField control={control} name={name} label={t(`fields.${name}`)} fallback={saved[name]} />
        </Grid>
      ))}
    </Grid>
  );
}
