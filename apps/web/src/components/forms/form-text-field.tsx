import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { boundFieldProps } from './bound-field';
import { InputField, type InputFieldProps } from './input-field';
import { useFieldErrorText } from './use-field-error-text';

export type FormTextFieldProps<T extends FieldValues, C, O extends FieldValues> = Omit<
  InputFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T, C, O>;
  name: FieldPath<T>;
};

/** A text box bound to react-hook-form; shows the field's error (translated) as helper text. */
export function FormTextField<T extends FieldValues, C, O extends FieldValues>({ control, name, ...props }: FormTextFieldProps<T, C, O>) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <InputField fullWidth {...props} {...boundFieldProps(field, fieldState, props, errorText)} />}
    />
  );
}
