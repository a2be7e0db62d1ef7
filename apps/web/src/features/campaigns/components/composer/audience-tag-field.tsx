import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { CONTACT_LIMITS, type ContactTagField } from '@sms/contracts/contacts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactTags } from '../../../../api/contacts/get-contact-tags';
import { useDebounced } from '../../../../lib/use-debounced';

export interface AudienceTagFieldProps {
  field: ContactTagField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A tag value typed freely, with the stored values of that tag as suggestions (fetched while open). */
export function AudienceTagField({ field, label, value, onChange, error }: AudienceTagFieldProps) {
  const { t } = useTranslation('campaigns');
  const [open, setOpen] = useState(false);
  const search = useDebounced(value.trim(), 250);
  const suggestions = useContactTags(field, search, open);
  return (
    <Autocomplete
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={suggestions.data ?? []}
      loading={suggestions.isFetching}
      loadingText={t('composer.audience.loadingValues')}
      filterOptions={(options) => options}
      value={value}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      onChange={(_event, next) => onChange(next ?? '')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: CONTACT_LIMITS.tagMax } }}
        />
      )}
    />
  );
}

/** Several values of tag1 (for narrowing non-responders), '' standing for "no tag1". */
export function AudienceTagValuesField({
  label,
  value,
  onChange,
  helperText,
}: {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  helperText: string;
}) {
  const { t } = useTranslation('campaigns');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const suggestions = useContactTags('tag1', search, open);
  const options = ['', ...(suggestions.data ?? []).filter((option) => option !== '')];
  return (
    <Autocomplete
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      loading={suggestions.isFetching}
      loadingText={t('composer.audience.loadingValues')}
      filterOptions={(list) => list}
      getOptionLabel={(option) => (option === '' ? t('composer.audience.noTag') : option)}
      value={value}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      onChange={(_event, next) => onChange(next)}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
