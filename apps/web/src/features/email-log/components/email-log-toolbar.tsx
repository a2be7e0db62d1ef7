import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EMAIL_KINDS, EMAIL_STATUSES, type EmailKind, type EmailStatus } from '@sms/contracts/email-log';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/forms/input-field';

/** Filter selects show their "All …" choice instead of an empty box. */
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

export interface EmailLogFilters {
  search: string;
  kind: EmailKind | '';
  status: EmailStatus | '';
}

/** Recipient search, kind and status filters. */
export function EmailLogToolbar({ filters, onChange }: { filters: EmailLogFilters; onChange: (next: EmailLogFilters) => void }) {
  const { t } = useTranslation('email-log');
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
      <InputField
        size="small"
        type="search"
        label={t('filters.search')}
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.target.value })}
        sx={{ flex: 1 }}
        slotProps={{
          htmlInput: { maxLength: 254, 'data-testid': 'email-log-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <IconSearch size={18} aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('fields.kind')}
        value={filters.kind}
        onChange={(event) => onChange({ ...filters, kind: event.target.value as EmailKind | '' })}
        sx={{ minWidth: 200 }}
        slotProps={showEmpty}
        data-testid="email-log-kind"
      >
        <MenuItem value="">{t('filters.allKinds')}</MenuItem>
        {EMAIL_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('fields.status')}
        value={filters.status}
        onChange={(event) => onChange({ ...filters, status: event.target.value as EmailStatus | '' })}
        sx={{ minWidth: 160 }}
        slotProps={showEmpty}
        data-testid="email-log-status"
      >
        <MenuItem value="">{t('filters.allStatuses')}</MenuItem>
        {EMAIL_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
