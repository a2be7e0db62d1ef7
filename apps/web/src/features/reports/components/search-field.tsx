import InputAdornment from '@mui/material/InputAdornment';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced';
import { InputField } from '../../../components/forms/input-field';

const SEARCH_DELAY_MS = 300;

/** A search box that reports its text once typing pauses (300 ms). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The value changed underneath (back/forward, reset): show it.
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const debounced = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const commit = useEffectEvent((next: string) => {
    if (next !== value) onChange(next);
  });
  useEffect(() => commit(debounced), [debounced]);
  return (
    <InputField
      fullWidth
      size="small"
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <IconSearch size={18} aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
