import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/forms/use-field-error-text';
import type { GatewayFormOutput, GatewayFormValues } from './gateway-form';
import { InputField } from '../../../components/forms/input-field';

export interface SecretFieldProps {
  control: Control<GatewayFormValues, unknown, GatewayFormOutput>;
  name: string;
  label: string;
  /** A value is stored: leaving the field empty keeps it. */
  isSet: boolean;
}

/** A password-style input for a gateway secret; the stored value is never shown, only whether one is set. */
export function SecretField({ control, name, label, isSet }: SecretFieldProps) {
  const { t } = useTranslation('gateways');
  const errorText = useFieldErrorText();
  const [shown, setShown] = useState(false);
  return (
    <Controller
      control={control}
      name={`secrets.${name}`}
      render={({ field, fieldState }) => (
        <InputField
          fullWidth
          type={shown ? 'text' : 'password'}
          label={label}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          autoComplete="new-password"
          placeholder={isSet ? '••••••••' : undefined}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? errorText(fieldState.error.message) : isSet ? t('secrets.set') : t('secrets.notSet')}
          slotProps={{
            inputLabel: isSet ? { shrink: true } : undefined,
            htmlInput: { dir: 'ltr', 'data-secret-set': isSet },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    onClick={() => setShown((value) => !value)}
                    edge="end"
                    aria-label={shown ? t('secrets.hide') : t('secrets.show')}
                  >
                    {shown ? <IconEyeOff size={20} aria-hidden /> : <IconEye size={20} aria-hidden />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
