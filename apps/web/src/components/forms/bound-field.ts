import type { ReactNode } from 'react';
import type { ControllerFieldState, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';

/**
 * The props that bind a MUI field to a react-hook-form Controller: value, handlers, ref, and the
 * field's error (translated) in place of its helper text while there is one.
 */
export function boundFieldProps<T extends FieldValues>(
  field: ControllerRenderProps<T, FieldPath<T>>,
  fieldState: ControllerFieldState,
  { disabled, helperText }: { disabled?: boolean; helperText?: ReactNode },
  errorText: (message: string | undefined) => string | undefined,
) {
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    disabled: disabled ?? field.disabled,
    error: Boolean(fieldState.error),
    helperText: fieldState.error ? errorText(fieldState.error.message) : helperText,
  };
}
