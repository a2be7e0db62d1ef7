import MenuItem from '@mui/material/MenuItem';
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

export interface SelectOption {
  value: string;
  label: string;
  /** Language of the label when it differs from the page (e.g. "Français"). */
  lang?: string;
}

/** A select bound to react-hook-form: `<FormSelectField control name label options />`. */
export function FormSelectField<T extends FieldValues, C, O extends FieldValues>({
  options,
  ...props
}: Omit<FormTextFieldProps<T, C, O>, 'select' | 'children'> & { options: readonly SelectOption[] }) {
  return (
    <FormTextField {...props} select>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} lang={option.lang}>
          {option.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
