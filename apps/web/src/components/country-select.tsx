import Autocomplete from '@mui/material/Autocomplete';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useMemo } from 'react';
import { countryOptions } from '../lib/countries';
import { useLanguage } from '../lib/i18n/use-language';

export interface CountrySelectProps {
  /** ISO 3166-1 alpha-2 code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
  label: string;
  helperText?: TextFieldProps['helperText'];
  error?: boolean;
  size?: 'small' | 'medium';
  disabled?: boolean;
  /** Allows clearing to '' (no default country). */
  clearable?: boolean;
  id?: string;
  /** Translated group headings: the common countries, then all others. */
  groups: { common: string; all: string };
}

/** A searchable country picker (names in the interface language, common countries first). */
export function CountrySelect({
  value,
  onChange,
  label,
  helperText,
  error,
  size,
  disabled,
  clearable = true,
  id,
  groups,
}: CountrySelectProps) {
  const { language } = useLanguage();
  const options = useMemo(() => countryOptions(language), [language]);
  const selected = options.find((option) => option.code === value) ?? null;
  return (
    <Autocomplete
      id={id}
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.code ?? '')}
      groupBy={(option) => (option.common ? groups.common : groups.all)}
      getOptionLabel={(option) => `${option.name} (${option.code})`}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      disableClearable={!clearable}
      disabled={disabled}
      size={size}
      autoHighlight
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} error={error} />}
    />
  );
}
