import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CONTACT_STATUSES, CONTACT_TAG_FIELDS, type ContactStatus } from '@sms/contracts/contacts';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { DateField } from '../../../components/date-field/date-field';
import type { ContactsFilter } from './list-state';
import { TagAutocomplete } from './tag-autocomplete';

const SEARCH_DELAY_MS = 300;
/** Filter selects show their "All …" choice instead of an empty box; date inputs keep their label up. */
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const FILTER_KEYS = [...CONTACT_TAG_FIELDS, 'status', 'createdFrom', 'createdTo'] as const;

export interface ContactsToolbarProps {
  filter: ContactsFilter;
  filtered: boolean;
  onChange: (patch: Partial<ContactsFilter>, replace?: boolean) => void;
  onClear: () => void;
}

/** Search (debounced) on phone, name and email; tag, status and created-date filters; a reset. */
export function ContactsToolbar({ filter, filtered, onChange, onClear }: ContactsToolbarProps) {
  const { t } = useTranslation('contacts');
  const [text, setText] = useState(filter.search);
  const [shown, setShown] = useState(filter.search);
  // The URL changed underneath (back/forward, reset): show its search.
  if (filter.search !== shown) {
    setShown(filter.search);
    setText(filter.search);
  }
  const commit = useEffectEvent((value: string) => onChange({ search: value }, true));
  useEffect(() => {
    const value = text.trim();
    if (value === filter.search) return;
    const timer = setTimeout(() => commit(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filter.search]);

  // On a phone the filters filled the first screen: they wait behind a button that counts the active ones.
  const compact = useCardLayout();
  const [open, setOpen] = useState(false);
  const active = FILTER_KEYS.filter((key) => filter[key] !== '').length;

  const filters = (
    <>
      {CONTACT_TAG_FIELDS.map((field) => (
        <Grid key={field} size={{ xs: 12, sm: 4, md: 2, lg: 2 }}>
          <TagAutocomplete
            field={field}
            mode="filter"
            size="small"
            label={t(`fields.${field}`)}
            value={filter[field]}
            onChange={(value) => onChange({ [field]: value })}
          />
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 4, md: 4, lg: 2 }}>
        <TextField
          select
          fullWidth
          label={t('fields.status')}
          size="small"
          value={filter.status}
          onChange={(event) => onChange({ status: event.target.value as ContactStatus | '' })}
          slotProps={showEmpty}
        >
          <MenuItem value="">{t('list.allStatuses')}</MenuItem>
          {CONTACT_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 6, sm: 4, md: 4, lg: 3 }}>
        <DateField
          fullWidth
          label={t('list.createdFrom')}
          value={filter.createdFrom}
          onChange={(createdFrom) => onChange({ createdFrom })}
          max={filter.createdTo || undefined}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 4, md: 4, lg: 3 }}>
        <DateField
          fullWidth
          label={t('list.createdTo')}
          value={filter.createdTo}
          onChange={(createdTo) => onChange({ createdTo })}
          min={filter.createdFrom || undefined}
        />
      </Grid>
    </>
  );

  return (
    <Grid container spacing={2} sx={{ p: { xs: 2, sm: 2.5 }, alignItems: 'center' }}>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <TextField
          fullWidth
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          type="search"
          size="small"
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
      </Grid>
      {compact ? (
        <Grid size={12}>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<IconFilter size={18} aria-hidden />}
            aria-expanded={open}
            aria-controls="contacts-filters"
            onClick={() => setOpen(!open)}
            data-testid="contacts-filters-button"
            endIcon={active > 0 ? <Chip size="small" color="primary" label={active} data-testid="contacts-filters-count" /> : undefined}
          >
            {t('list.filters')}
          </Button>
        </Grid>
      ) : null}
      {compact ? (
        <Grid size={12}>
          <Collapse in={open} id="contacts-filters" data-testid="contacts-filters" unmountOnExit>
            <Grid container spacing={2} sx={{ pt: 0.5 }}>
              {filters}
            </Grid>
          </Collapse>
        </Grid>
      ) : (
        filters
      )}
      {filtered ? (
        <Grid size="auto">
          <Button onClick={onClear} color="inherit">
            {t('list.clearFilters')}
          </Button>
        </Grid>
      ) : null}
    </Grid>
  );
}
