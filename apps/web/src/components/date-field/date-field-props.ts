import type { FocusEventHandler, Ref } from 'react';

export interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD` (`YYYY-MM-DDTHH:mm` with `withTime`), or '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** Date and time (the old `datetime-local`). */
  withTime?: boolean;
  /** Earliest and latest choice, in the value's format. */
  min?: string;
  max?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}
