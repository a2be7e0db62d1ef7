import Autocomplete from '@mui/material/Autocomplete';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useMemo } from 'react';
import { timeZoneNames, utcOffsetLabel } from '../lib/time-zones';

export interface TimeZoneSelectProps {
  /** IANA zone name ('Europe/Paris'); always set (there is no "no zone"). */
  value: string;
  onChange: (timeZone: string) => void;
  label: string;
  helperText?: TextFieldProps['helperText'];
  error?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  name?: string;
}

/** A searchable IANA time zone picker showing each zone's current UTC offset. */
export function TimeZoneSelect({ value, onChange, label, helperText, error, disabled, size, name }: TimeZoneSelectProps) {
  const options = useMemo(() => {
    const names = timeZoneNames();
    // A zone stored elsewhere (another browser's list) stays selectable.
    return value && !names.includes(value) ? [value, ...names] : names;
  }, [value]);
  const offsets = useMemo(() => new Map(options.map((zone) => [zone, safeOffset(zone)])), [options]);
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, zone) => onChange(zone)}
      getOptionLabel={(zone) => `${zone.replaceAll('_', ' ')} (${offsets.get(zone) ?? ''})`}
      disableClearable
      disabled={disabled}
      size={size}
      autoHighlight
      renderInput={(params) => <TextField {...params} name={name} label={label} helperText={helperText} error={error} />}
    />
  );
}

function safeOffset(zone: string): string {
  try {
    return utcOffsetLabel(zone);
  } catch {
    return '';
  }
}
