import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useLanguage } from '../../../lib/i18n/use-language';

const FALLBACK = ['USD', 'EUR', 'GBP'];

/** ISO 4217 codes the browser knows, with their names in the interface language. */
function currencyOptions(language: string): Array<{ code: string; name: string }> {
  const codes = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : FALLBACK;
  const names = new Intl.DisplayNames([language], { type: 'currency' });
  return codes.map((code) => ({ code, name: names.of(code) ?? code }));
}

export interface CurrencySelectProps {
  value: string;
  onChange: (code: string) => void;
  label: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
}

/** A searchable currency picker ("EUR — Euro"). */
export function CurrencySelect({ value, onChange, label, error, helperText, disabled }: CurrencySelectProps) {
  const { language } = useLanguage();
  const options = useMemo(() => currencyOptions(language), [language]);
  const selected = options.find((option) => option.code === value) ?? (value ? { code: value, name: value } : null);
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.code ?? '')}
      getOptionLabel={(option) => (option.name === option.code ? option.code : `${option.code} — ${option.name}`)}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      disabled={disabled}
      autoHighlight
      renderInput={(params) => <TextField {...params} label={label} error={error} helperText={helperText} />}
    />
  );
}
