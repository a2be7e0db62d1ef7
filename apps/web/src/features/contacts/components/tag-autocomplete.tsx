import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { CONTACT_LIMITS, type ContactTagField } from '@sms/contracts/contacts';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactTags } from '../../../api/contacts/get-contact-tags';
import { useDebounced } from '../../../lib/use-debounced';

export interface TagAutocompleteProps {
  field: ContactTagField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * 'input' (forms): every keystroke is the value. 'filter': the value changes when a suggestion
   * is picked, Enter is pressed, the box is cleared or left.
   */
  mode: 'input' | 'filter';
  size?: 'small' | 'medium';
  error?: boolean;
  helperText?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  sx?: object;
}

/** Free text with the stored values of that tag field as suggestions (fetched while open). */
export function TagAutocomplete({
  field,
  label,
  value,
  onChange,
  mode,
  size,
  error,
  helperText,
  onBlur,
  inputRef,
  name,
  sx,
}: TagAutocompleteProps) {
  const { t } = useTranslation('contacts');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The value changed from outside (URL, reset): show it.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const search = useDebounced(text.trim(), 250);
  const suggestions = useContactTags(field, mode === 'filter' && text === value ? '' : search, open);
  const commit = (next: string) => {
    const trimmed = next.trim();
    if (trimmed !== value) onChange(trimmed);
  };

  return (
    <Autocomplete
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={suggestions.data ?? []}
      loading={suggestions.isFetching}
      loadingText={t('tags.loading')}
      filterOptions={(options) => options}
      value={mode === 'filter' ? value || null : value}
      inputValue={text}
      onInputChange={(_event, next, reason) => {
        setText(next);
        if (mode === 'input') onChange(next);
        else if (reason === 'clear') commit('');
      }}
      onChange={(_event, next) => (mode === 'input' ? onChange(next ?? '') : commit(next ?? ''))}
      onBlur={() => {
        if (mode === 'filter') commit(text);
        onBlur?.();
      }}
      size={size}
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={name}
          error={error}
          helperText={helperText}
          inputRef={inputRef}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: CONTACT_LIMITS.tagMax } }}
        />
      )}
    />
  );
}
