import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLanguage } from '../../lib/i18n/use-language';
import type { DateFieldProps } from './date-field-props';
import { pickerLocaleOf } from './picker-locale';

const DATE = 'YYYY-MM-DD';
const DATE_TIME = 'YYYY-MM-DDTHH:mm';

const parse = (value: string | undefined): Dayjs | null => {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
};

const complete = (date: Dayjs): boolean => date.isValid() && date.year() >= 1000 && date.year() <= 9999;

export interface PickerFieldProps extends DateFieldProps {
  /** The field takes the focus when it appears (the box it replaces had it). */
  autoFocus?: boolean;
  /** The calendar opens when it appears (the box it replaces had its calendar button clicked). */
  initiallyOpen?: boolean;
}

/** The lazily loaded half of `DateField`: the picker in the active language. */
export default function PickerField(props: PickerFieldProps) {
  const { label, value, onChange, onBlur, withTime = false, min, max, size = 'small', fullWidth, required, disabled, error } = props;
  const [open, setOpen] = useState(props.initiallyOpen ?? false);
  const { helperText, name, inputRef, testId } = props;
  const { language } = useLanguage();
  const locale = pickerLocaleOf(language);
  const format = withTime ? DATE_TIME : DATE;
  const shared = {
    label,
    value: parse(value),
    // While a year is typed digit by digit it passes through 2, 20 and 202, each a valid date:
    // only a four-digit year reaches the form (the value strings have four-digit years).
    onChange: (next: Dayjs | null) => {
      if (next === null) onChange('');
      else if (complete(next)) onChange(next.format(format));
    },
    disabled,
    inputRef,
    autoFocus: props.autoFocus,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    slotProps: {
      textField: { size, fullWidth, required, error, helperText, name, onBlur, slotProps: { htmlInput: { 'data-testid': testId } } },
      field: { clearable: true },
    },
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale.adapterLocale} localeText={locale.localeText}>
      {withTime ? (
        <DateTimePicker {...shared} ampm={false} minDateTime={parse(min) ?? undefined} maxDateTime={parse(max) ?? undefined} />
      ) : (
        <DatePicker {...shared} minDate={parse(min) ?? undefined} maxDate={parse(max) ?? undefined} />
      )}
    </LocalizationProvider>
  );
}
