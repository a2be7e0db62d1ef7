import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/forms/use-field-error-text';
import type { BrandFormInput, BrandFormValues } from './brand-form-schema';
import { InputField } from '../../../components/forms/input-field';

type ColorName = 'primaryColor' | 'secondaryColor' | 'accentColor';

/** #RGB -> #RRGGBB for the native picker, which only takes the long form; null when not hex. */
export function pickerValue(value: string): string | null {
  const hex = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(hex)) return hex.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(hex)) return `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}`.toLowerCase();
  return null;
}

/** A colour: the browser's colour picker and the hex value, validated with the shared rule. */
export function ColorField({
  control,
  name,
  label,
  fallback,
}: {
  control: Control<BrandFormInput, unknown, BrandFormValues>;
  name: ColorName;
  label: string;
  fallback: string;
}) {
  const { t } = useTranslation('brand');
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <InputField
          fullWidth
          label={label}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={field.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? errorText(fieldState.error.message) : undefined}
          slotProps={{
            htmlInput: { spellCheck: false, autoCapitalize: 'off', autoComplete: 'off', maxLength: 7, dir: 'ltr' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Box
                    component="input"
                    type="color"
                    aria-label={t('pickColor', { name: label })}
                    value={pickerValue(field.value) ?? pickerValue(fallback) ?? '#000000'}
                    disabled={field.disabled}
                    onChange={(event) => {
                      field.onChange((event.target as HTMLInputElement).value.toUpperCase());
                    }}
                    sx={{
                      width: 32,
                      height: 32,
                      p: 0,
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 1,
                      bgcolor: 'transparent',
                      cursor: field.disabled ? 'default' : 'pointer',
                      '&::-webkit-color-swatch-wrapper': { p: '2px' },
                      '&::-webkit-color-swatch': { border: 'none', borderRadius: '4px' },
                      '&::-moz-color-swatch': { border: 'none', borderRadius: '4px' },
                      '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'textColor.primary', outlineOffset: 2 },
                    }}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
