import Autocomplete from '@mui/material/Autocomplete';
import { DateField } from '../../../components/date-field/date-field';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AUDIT_ACTIONS, AUDIT_SEARCH_MAX, AUDIT_SUBJECTS } from '@sms/contracts/audit-log';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActorAutocomplete } from './actor-autocomplete';
import type { AuditFilterState } from './audit-filter-state';
import { actionLabel, subjectLabel } from './entry-text';

const SEARCH_DELAY_MS = 300;
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
/** The areas of the known actions ('campaign.'), offered before the single actions. */
const ACTION_AREAS = [...new Set(AUDIT_ACTIONS.map((action) => `${action.split('.')[0]}.`))];

export interface AuditToolbarProps {
  filter: AuditFilterState;
  filtered: boolean;
  exporting: boolean;
  onChange: (patch: Partial<AuditFilterState>) => void;
  onClear: () => void;
  onExport: () => void;
}

/** Search (debounced), actor, action, subject and date filters; clear; export the filtered entries. */
export function AuditToolbar({ filter, filtered, exporting, onChange, onClear, onExport }: AuditToolbarProps) {
  const { t } = useTranslation(['audit', 'policy']);
  const [text, setText] = useState(filter.search);
  const [shown, setShown] = useState(filter.search);
  if (filter.search !== shown) {
    setShown(filter.search);
    setText(filter.search);
  }
  const commit = useEffectEvent((value: string) => onChange({ search: value }));
  useEffect(() => {
    const value = text.trim();
    if (value === filter.search) return;
    const timer = setTimeout(() => commit(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filter.search]);

  const actionText = (option: string) => (option.endsWith('.') ? t('filters.area', { area: option.slice(0, -1) }) : actionLabel(t, option));

  return (
    <Grid container spacing={2} sx={{ p: 2.5, alignItems: 'center' }}>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <TextField
          fullWidth
          type="search"
          size="small"
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: AUDIT_SEARCH_MAX },
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
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <ActorAutocomplete value={filter.actor} onChange={(actor) => onChange({ actor })} />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <Autocomplete
          size="small"
          freeSolo
          options={[...ACTION_AREAS, ...AUDIT_ACTIONS]}
          value={filter.action || null}
          onChange={(_event, next) => onChange({ action: next ?? '' })}
          getOptionLabel={(option) =>
            option.includes('.') && (option.endsWith('.') || (AUDIT_ACTIONS as readonly string[]).includes(option))
              ? actionText(option)
              : option
          }
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              {actionText(option)}
            </li>
          )}
          renderInput={(params) => <TextField {...params} label={t('filters.action')} placeholder={t('filters.anyAction')} />}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 6, lg: 3 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('filters.subject')}
          value={filter.subject}
          onChange={(event) => onChange({ subject: event.target.value })}
          slotProps={showEmpty}
        >
          <MenuItem value="">{t('filters.anySubject')}</MenuItem>
          {AUDIT_SUBJECTS.map((subject) => (
            <MenuItem key={subject} value={subject}>
              {subjectLabel(t, subject)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 6, sm: 4, lg: 2 }}>
        <DateField
          fullWidth
          label={t('filters.from')}
          value={filter.from}
          onChange={(from) => onChange({ from })}
          max={filter.to || undefined}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 4, lg: 2 }}>
        <DateField fullWidth label={t('filters.to')} value={filter.to} onChange={(to) => onChange({ to })} min={filter.from || undefined} />
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }} sx={{ display: 'flex', gap: 1, justifyContent: { lg: 'flex-end' }, flexWrap: 'wrap' }}>
        <Button onClick={onClear} disabled={!filtered}>
          {t('filters.clear')}
        </Button>
        <Button variant="outlined" startIcon={<IconDownload size={18} />} onClick={onExport} disabled={exporting}>
          {t('filters.export')}
        </Button>
      </Grid>
    </Grid>
  );
}
