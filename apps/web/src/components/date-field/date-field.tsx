import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateFieldProps } from './date-field-props';
import { InputField } from '../forms/input-field';
import type { PickerFieldProps } from './picker-field';

export type { DateFieldProps } from './date-field-props';

// The pickers, dayjs and their locales (about 50 KB compressed) load when a date field is first
// wanted: it has a value to show, or the pointer or the focus reaches it (decision 069).
let loadedPicker: ComponentType<PickerFieldProps> | null = null;
const loadPicker = () =>
  import('./picker-field').then((module) => {
    loadedPicker = module.default;
    return module.default;
  });

/** What the user did before the picker arrived: it takes the focus, or opens its calendar, once there. */
interface Intent {
  focus: boolean;
  open: boolean;
}

/**
 * A date (or date and time) field in the interface language: MUI X's picker with its calendar in
 * that language, in place of the browser's `type="date"` box (mm/dd/yyyy whatever the language).
 * Values stay the strings the forms and URLs already hold: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:mm`
 * with `withTime`; '' when empty. Until the picker's code is there, an empty field is a box of the
 * same size and label that asks for it on hover, focus or click, and a click on its calendar
 * button opens the calendar once it has come.
 */
export function DateField(props: DateFieldProps) {
  const { t } = useTranslation('common');
  const [Picker, setPicker] = useState(() => loadedPicker);
  const [intent, setIntent] = useState<Intent>({ focus: false, open: false });
  const [wanted, setWanted] = useState(false);
  const hasValue = props.value !== '';

  useEffect(() => {
    if (Picker || !(wanted || hasValue)) return;
    let current = true;
    void loadPicker().then((component) => {
      if (current) setPicker(() => component);
    });
    return () => {
      current = false;
    };
  }, [Picker, wanted, hasValue]);

  if (Picker) return <Picker {...props} autoFocus={intent.focus} initiallyOpen={intent.open} />;

  const { label, size = 'small', fullWidth, helperText, disabled } = props;
  const want = () => setWanted(true);
  return (
    <InputField
      label={label}
      size={size}
      fullWidth={fullWidth}
      helperText={helperText}
      disabled={disabled || hasValue}
      onPointerEnter={want}
      onFocus={() => {
        setIntent((now) => ({ ...now, focus: true }));
        want();
      }}
      onBlur={() => setIntent((now) => ({ ...now, focus: false }))}
      slotProps={{
        // The test id is the picker's: what tests read of the field (its value) is only there.
        htmlInput: { readOnly: true },
        inputLabel: { shrink: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                size="small"
                aria-label={t('dateField.choose')}
                disabled={disabled || hasValue}
                onClick={() => {
                  setIntent({ focus: true, open: true });
                  want();
                }}
              >
                <IconCalendar size={20} aria-hidden />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
