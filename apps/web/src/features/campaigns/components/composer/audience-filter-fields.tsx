import Grid from '@mui/material/Grid';
import { DateField } from '../../../../components/date-field/date-field';
import { CONTACT_TAG_FIELDS } from '@sms/contracts/contacts';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../../components/forms/use-field-error-text';
import { AudienceTagField } from './audience-tag-field';
import type { ComposerOutput } from './composer-resolver';
import type { ComposerValues } from './composer-values';

/** Contacts by tag values and creation dates (every filter left empty = every active contact). */
export function AudienceFilterFields({ control }: { control: Control<ComposerValues, unknown, ComposerOutput> }) {
  const { t } = useTranslation('campaigns');
  const errorText = useFieldErrorText();
  return (
    <Grid container spacing={2.5}>
      {CONTACT_TAG_FIELDS.map((field) => (
        <Grid key={field} size={{ xs: 12, md: 4 }}>
          <Controller
            control={control}
            name={`audience.${field}`}
            render={({ field: input, fieldState }) => (
              <AudienceTagField
                field={field}
                label={t(`fields.${field}`)}
                value={input.value}
                onChange={input.onChange}
                error={errorText(fieldState.error?.message)}
              />
            )}
          />
        </Grid>
      ))}
      {(['createdFrom', 'createdTo'] as const).map((key) => (
        <Grid key={key} size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name={`audience.${key}`}
            render={({ field, fieldState }) => (
              <DateField
                fullWidth
                size="medium"
                label={t(`composer.audience.${key}`)}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={errorText(fieldState.error?.message)}
              />
            )}
          />
        </Grid>
      ))}
    </Grid>
  );
}
