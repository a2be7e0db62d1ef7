import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ON_DUPLICATE, TAG_FIELDS, type OnDuplicate, type TagField } from '@sms/contracts/imports';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import type { OptionsState } from './import-options';

/** Default country, what to do with duplicates, and a tag for every imported contact. */
export function OptionsForm({ value, onChange }: { value: OptionsState; onChange: (value: OptionsState) => void }) {
  const { t } = useTranslation('imports');
  const duplicateLabel = useId();
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <CountrySelect
          label={t('options.defaultCountry')}
          value={value.defaultCountry}
          onChange={(defaultCountry) => onChange({ ...value, defaultCountry })}
          helperText={t('options.defaultCountryHint')}
          groups={{ common: t('options.commonCountries'), all: t('options.allCountries') }}
        />
        <Typography variant="subtitle2" component="p" sx={{ mt: 3, mb: 1 }}>
          {t('options.tagTitle')}
        </Typography>
        <Grid container spacing={1.5}>
          <Grid size={{ xs: 5 }}>
            <TextField
              select
              fullWidth
              label={t('options.tagField')}
              value={value.tagField}
              onChange={(event) => onChange({ ...value, tagField: event.target.value as TagField })}
            >
              {TAG_FIELDS.map((field) => (
                <MenuItem key={field} value={field}>
                  {t(`targets.${field}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 7 }}>
            <TextField
              fullWidth
              label={t('options.tagValue')}
              value={value.tagValue}
              onChange={(event) => onChange({ ...value, tagValue: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </Grid>
        </Grid>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          {t('options.tagHint')}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormControl>
          <FormLabel id={duplicateLabel} sx={{ mb: 1, fontWeight: 600 }}>
            {t('options.onDuplicate')}
          </FormLabel>
          <RadioGroup
            aria-labelledby={duplicateLabel}
            value={value.onDuplicate}
            onChange={(event) => onChange({ ...value, onDuplicate: event.target.value as OnDuplicate })}
          >
            {ON_DUPLICATE.map((choice) => (
              <FormControlLabel
                key={choice}
                value={choice}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.75 } }}
                label={
                  <>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {t(`options.duplicates.${choice}.label`)}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {t(`options.duplicates.${choice}.hint`)}
                    </Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      </Grid>
    </Grid>
  );
}
