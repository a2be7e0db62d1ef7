import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ROLES, type Role } from '@sms/contracts/roles';
import { USER_STATUSES, type UserStatus } from '@sms/contracts/users';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SEARCH_DELAY_MS = 300;
/** Filter selects show their "All …" choice instead of an empty box. */
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

export interface UsersToolbarProps {
  search: string;
  role: Role | '';
  status: UserStatus | '';
  filtered: boolean;
  onSearchChange: (search: string) => void;
  onRoleChange: (role: Role | '') => void;
  onStatusChange: (status: UserStatus | '') => void;
  onClear: () => void;
}

/** Search (debounced) on name and email, role and status filters, and a reset. */
export function UsersToolbar({ search, role, status, filtered, onSearchChange, onRoleChange, onStatusChange, onClear }: UsersToolbarProps) {
  const { t } = useTranslation(['users', 'common']);
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  // The URL changed underneath (back/forward, reset): show its search.
  if (search !== shown) {
    setShown(search);
    setText(search);
  }
  const commit = useEffectEvent((value: string) => onSearchChange(value));
  useEffect(() => {
    const value = text.trim();
    if (value === search) return;
    const timer = setTimeout(() => commit(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5, alignItems: { md: 'center' } }}>
      <TextField
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        type="search"
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ flex: 1, minWidth: { md: 260 } }}
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
      <TextField
        select
        label={t('fields.role')}
        size="small"
        value={role}
        onChange={(event) => onRoleChange(event.target.value as Role | '')}
        sx={{ minWidth: 180 }}
        slotProps={showEmpty}
      >
        <MenuItem value="">{t('list.allRoles')}</MenuItem>
        {ROLES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`common:roles.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('fields.status')}
        size="small"
        value={status}
        onChange={(event) => onStatusChange(event.target.value as UserStatus | '')}
        sx={{ minWidth: 160 }}
        slotProps={showEmpty}
      >
        <MenuItem value="">{t('list.allStatuses')}</MenuItem>
        {USER_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`status.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {filtered ? (
        <Button onClick={onClear} color="inherit" sx={{ flexShrink: 0 }}>
          {t('list.clearFilters')}
        </Button>
      ) : null}
    </Stack>
  );
}
