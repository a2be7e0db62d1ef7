import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../../components/forms/use-field-error-text';
import { useSegments } from '../../../../api/segments/get-segments';
import type { ComposerOutput } from './composer-resolver';
import type { ComposerValues } from './composer-values';

/** A saved segment as the audience: its contacts are read when the campaign starts sending. */
export function AudienceSegmentField({
  control,
  setValue,
}: {
  control: Control<ComposerValues, unknown, ComposerOutput>;
  setValue: UseFormSetValue<ComposerValues>;
}) {
  const { t } = useTranslation('segments');
  const errorText = useFieldErrorText();
  const segments = useSegments();
  const options = segments.data?.data ?? [];
  return (
    <Controller
      control={control}
      name="audience.segmentId"
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={t('composer.pick')}
          name={field.name}
          value={options.some((segment) => segment.id === field.value) ? field.value : ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            setValue('audience.segmentName', options.find((segment) => segment.id === event.target.value)?.name ?? '');
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? errorText(fieldState.error.message) : t('composer.hint')}
          slotProps={{ htmlInput: { 'data-testid': 'audience-segment' } }}
        >
          {options.length === 0 ? (
            <MenuItem value="" disabled>
              {t('composer.none')}
            </MenuItem>
          ) : null}
          {options.map((segment) => (
            <MenuItem key={segment.id} value={segment.id}>
              {segment.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
