import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldErrorText } from './use-field-error-text';

export type FormTextFieldProps<T extends FieldValues, C, O extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T, C, O>;
  name: FieldPath<T>;
};

/** A MUI TextField bound to react-hook-form; shows the field's error (translated) as helper text. */
export function FormTextField<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<T, C, O>) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={props.disabled ?? field.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? errorText(fieldState.error.message) : helperText}
        />
      )}
    />
  );
}
