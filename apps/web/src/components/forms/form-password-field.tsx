import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

/**
 * A password input bound to react-hook-form, with a show/hide button. Pass `visible` and
 * `onVisibleChange` to control visibility from outside (e.g. after generating a password).
 */
export function FormPasswordField<T extends FieldValues, C, O extends FieldValues>({
  visible,
  onVisibleChange,
  ...props
}: Omit<FormTextFieldProps<T, C, O>, 'type'> & { visible?: boolean; onVisibleChange?: (visible: boolean) => void }) {
  const { t } = useTranslation('forms');
  const [ownVisible, setOwnVisible] = useState(false);
  const shown = visible ?? ownVisible;
  const toggle = () => (onVisibleChange ? onVisibleChange(!shown) : setOwnVisible(!shown));
  return (
    <FormTextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        htmlInput: { spellCheck: false, autoCapitalize: 'none', ...((props.slotProps?.htmlInput as object | undefined) ?? {}) },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={toggle}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
                aria-label={shown ? t('password.hide') : t('password.show')}
                aria-pressed={shown}
                disabled={props.disabled}
              >
                {shown ? <IconEyeOff size={20} stroke={1.6} aria-hidden /> : <IconEye size={20} stroke={1.6} aria-hidden />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
