import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { boundFieldProps } from './bound-field';
import { useFieldErrorText } from './use-field-error-text';

export interface SelectOption {
  value: string;
  label: string;
  /** Language of the label when it differs from the page (e.g. "Français"). */
  lang?: string;
}

/**
 * A select bound to react-hook-form: `<FormSelectField control name label options />`, or with
 * its own `MenuItem` children in place of `options`.
 */
export function FormSelectField<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
  options = [],
  children,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'select'> & {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  options?: readonly SelectOption[];
}) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField fullWidth {...props} {...boundFieldProps(field, fieldState, props, errorText)} select>
          {children ??
            options.map((option) => (
              <MenuItem key={option.value} value={option.value} lang={option.lang}>
                {option.label}
              </MenuItem>
            ))}
        </TextField>
      )}
    />
  );
}
