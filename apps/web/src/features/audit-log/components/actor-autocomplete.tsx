import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from '../../../api/users/get-users';
import { useDebounced } from '../../../lib/use-debounced';

type Actor = { id: string; label: string };

/** Picks one account as the actor filter (searching names and emails as you type). */
export function ActorAutocomplete({ value, onChange }: { value: Actor | null; onChange: (actor: Actor | null) => void }) {
  const { t } = useTranslation('audit');
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const users = useUserSearch(search, open);
  const options: Actor[] = (users.data ?? []).map((user) => ({ id: user.id, label: `${user.name} <${user.email}>` }));
  return (
    <Autocomplete
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      filterOptions={(all) => all}
      loading={users.isFetching}
      noOptionsText={t('filters.noActors')}
      renderInput={(params) => <TextField {...params} label={t('filters.actor')} placeholder={t('filters.anyone')} />}
    />
  );
}
