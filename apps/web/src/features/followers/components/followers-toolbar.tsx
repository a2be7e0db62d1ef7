import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FOLLOWER_STATUSES, type FollowerFilter } from '@sms/contracts/followers';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field/date-field';

const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** Topic, status and subscription day range; clear. */
export function FollowersToolbar({
  filter,
  topics,
  onChange,
}: {
  filter: FollowerFilter;
  topics: readonly string[];
  onChange: (next: FollowerFilter) => void;
}) {
  const { t } = useTranslation('followers');
  const set = (patch: Partial<Record<keyof FollowerFilter, string>>) => {
    const next: Record<string, string | undefined> = { ...filter };
    for (const [key, value] of Object.entries(patch)) next[key] = value ? value : undefined;
    onChange(next as FollowerFilter);
  };
  const filtered = Object.values(filter).some((value) => value !== undefined);
  return (
    <Grid container spacing={2} sx={{ p: 2.5, alignItems: 'center' }}>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('filters.topic')}
          value={filter.topic ?? ''}
          onChange={(event) => set({ topic: event.target.value })}
          slotProps={showEmpty}
          data-testid="followers-topic-filter"
        >
          <MenuItem value="">{t('filters.allTopics')}</MenuItem>
          {topics.map((topic) => (
            <MenuItem key={topic} value={topic}>
              {topic}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('filters.status')}
          value={filter.status ?? ''}
          onChange={(event) => set({ status: event.target.value })}
          slotProps={showEmpty}
        >
          <MenuItem value="">{t('filters.anyStatus')}</MenuItem>
          {FOLLOWER_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 6, sm: 4, lg: 2 }}>
        <DateField fullWidth label={t('filters.from')} value={filter.from ?? ''} onChange={(from) => set({ from })} max={filter.to} />
      </Grid>
      <Grid size={{ xs: 6, sm: 4, lg: 2 }}>
        <DateField fullWidth label={t('filters.to')} value={filter.to ?? ''} onChange={(to) => set({ to })} min={filter.from} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, lg: 2 }}>
        <Button onClick={() => onChange({})} disabled={!filtered}>
          {t('filters.clear')}
        </Button>
      </Grid>
    </Grid>
  );
}
