import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { forwardRef, useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';

type InputElement = HTMLInputElement | HTMLTextAreaElement;

export interface InputFieldProps extends Omit<
  FormControlProps,
  'children' | 'variant' | 'onChange' | 'onBlur' | 'onFocus' | 'defaultValue'
> {
  label?: ReactNode;
  helperText?: ReactNode;
  name?: string;
  value?: unknown;
  defaultValue?: unknown;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  multiline?: boolean;
  rows?: number | string;
  minRows?: number | string;
  maxRows?: number | string;
  inputRef?: Ref<InputElement>;
  onChange?: ChangeEventHandler<InputElement>;
  onBlur?: FocusEventHandler<InputElement>;
  onFocus?: FocusEventHandler<InputElement>;
  /** The same slots as TextField's, minus `select`. */
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    htmlInput?: InputBaseComponentProps;
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps>;
  };
}

/**
 * MUI's outlined TextField without its `select` mode: the same label, notch, helper text and
 * ids (`{id}-label`, `{id}-helper-text`, aria-describedby), composed from the same parts. TextField
 * imports Select, and with it Menu, Popover and Modal (about 11 KB compressed), on every page
 * with a text box: the sign-in and landing pages have no select. Selects keep using TextField.
 */
export const InputField = forwardRef<HTMLDivElement, InputFieldProps>(function InputField(
  {
    label,
    helperText,
    id: idOverride,
    name,
    value,
    defaultValue,
    type,
    placeholder,
    autoComplete,
    autoFocus,
    multiline,
    rows,
    minRows,
    maxRows,
    inputRef,
    onChange,
    onBlur,
    onFocus,
    slotProps = {},
    ...formControl
  },
  ref,
) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  return (
    <FormControl ref={ref} variant="outlined" {...formControl}>
      {hasLabel ? (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        aria-describedby={helperTextId}
        id={id}
        name={name}
        value={value}
        defaultValue={defaultValue}
        type={type}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        multiline={multiline}
        rows={rows}
        minRows={minRows}
        maxRows={maxRows}
        inputRef={inputRef}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={onFocus}
        fullWidth={formControl.fullWidth}
        label={label}
        notched={slotProps.inputLabel?.shrink}
        inputProps={slotProps.htmlInput}
        {...slotProps.input}
      />
      {helperText ? (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
});
