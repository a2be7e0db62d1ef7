import { lazy, Suspense } from 'react';
import type { DateFieldProps } from './date-field-props';
import { InputField } from '../forms/input-field';

export type { DateFieldProps } from './date-field-props';

// The pickers, dayjs and their locales load with the first page that shows a date field.
const PickerField = lazy(() => import('./picker-field'));

/** Same size and label while the picker loads, so the form does not jump. */
function Placeholder({ label, size = 'small', fullWidth, helperText }: DateFieldProps) {
  return (
    <InputField
      label={label}
      size={size}
      fullWidth={fullWidth}
      helperText={helperText}
      disabled
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/**
 * A date (or date and time) field in the interface language: MUI X's picker with its calendar in
 * that language, in place of the browser's `type="date"` box (mm/dd/yyyy whatever the language).
 * Values stay the strings the forms and URLs already hold: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:mm`
 * with `withTime`; '' when empty.
 */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<Placeholder {...props} />}>
      <PickerField {...props} />
    </Suspense>
  );
}
