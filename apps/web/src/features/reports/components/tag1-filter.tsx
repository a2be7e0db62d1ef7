import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { tag1Label } from './report-format';
import { useReportFormat } from './use-report-format';

/** Multi-choice of tag1 values with their counts ('(none)' for contacts without one). */
export function Tag1Filter({
  label,
  counts,
  value,
  onChange,
}: {
  label: string;
  counts: Array<{ tag1: string; n: number }>;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const none = t('none');
  // Keep chosen values listed even when they no longer have non-responders.
  const options = [...counts, ...value.filter((tag1) => !counts.some((c) => c.tag1 === tag1)).map((tag1) => ({ tag1, n: 0 }))];
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        const next = event.target.value as unknown as string[] | string;
        onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const list = selected as string[];
            return list.length === 0 ? t('nonResponders.allTag1') : list.map((tag1) => tag1Label(tag1, none)).join(', ');
          },
        },
      }}
      data-testid="tag1-filter"
    >
      {options.map((option) => (
        <MenuItem key={option.tag1} value={option.tag1} data-tag1={option.tag1}>
          <Checkbox
            size="small"
            checked={value.includes(option.tag1)}
            sx={{ p: 0.5, marginInlineEnd: 1 }}
            slotProps={{ input: { 'aria-hidden': true, tabIndex: -1 } }}
          />
          <ListItemText primary={tag1Label(option.tag1, none)} secondary={format.count(option.n)} />
        </MenuItem>
      ))}
    </TextField>
  );
}
