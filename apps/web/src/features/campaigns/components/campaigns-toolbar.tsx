import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '@sms/contracts/campaigns';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SEARCH_DELAY_MS = 300;

export interface CampaignsToolbarProps {
  search: string;
  statuses: CampaignStatus[];
  filtered: boolean;
  onChange: (patch: { search?: string; statuses?: CampaignStatus[] }, replace?: boolean) => void;
  onClear: () => void;
}

/** Search by name (debounced) and a multi-choice status filter. */
export function CampaignsToolbar({ search, statuses, filtered, onChange, onClear }: CampaignsToolbarProps) {
  const { t } = useTranslation('campaigns');
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  // The URL changed underneath (back/forward, reset): show its search.
  if (search !== shown) {
    setShown(search);
    setText(search);
  }
  const commit = useEffectEvent((value: string) => onChange({ search: value }, true));
  useEffect(() => {
    const value = text.trim();
    if (value === search) return;
    const timer = setTimeout(() => commit(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  return (
    <Grid container spacing={2} sx={{ p: 2.5, alignItems: 'center' }}>
      <Grid size={{ xs: 12, md: 6, lg: 5 }}>
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
      <Grid size={{ xs: 12, md: 4, lg: 4 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('list.statusFilter')}
          value={statuses}
          onChange={(event) => {
            const value = event.target.value as unknown as CampaignStatus[] | string;
            onChange({ statuses: typeof value === 'string' ? (value.split(',') as CampaignStatus[]) : value });
          }}
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const list = selected as CampaignStatus[];
                return list.length === 0 ? t('list.allStatuses') : list.map((status) => t(`statuses:campaign.${status}`)).join(', ');
              },
            },
          }}
        >
          {CAMPAIGN_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              <Checkbox
                size="small"
                checked={statuses.includes(status)}
                sx={{ p: 0.5, mr: 1 }}
                slotProps={{ input: { 'aria-hidden': true, tabIndex: -1 } }}
              />
              <ListItemText primary={t(`statuses:campaign.${status}`)} />
            </MenuItem>
          ))}
        </TextField>
      </Grid>
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
