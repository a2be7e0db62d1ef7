import type { GridColDef } from '@mui/x-data-grid';
import type { User } from '@sms/contracts/users';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ServerDataGrid, type GridListQuery } from '../../../components/server-data-grid';
import { paths } from '../../../config/paths';
import type { ListHandle } from '../../../lib/list-state/use-list-state';
import type { UsersListState } from './list-state';

export interface UsersGridProps {
  list: ListHandle<UsersListState>;
  query: GridListQuery<User>;
  columns: GridColDef<User>[];
  filtered: boolean;
  onClear: () => void;
}

/** The users the server pages and sorts; a row click opens the user. */
export function UsersGrid({ list, query, columns, filtered, onClear }: UsersGridProps) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  return (
    <ServerDataGrid
      testId="users-grid"
      label={t('list.gridLabel')}
      list={list}
      query={query}
      columns={columns}
      // Nothing matches the filters (with a way out), or no users at all.
      empty={{
        icon: <IconUsers size={36} stroke={1.4} />,
        title: filtered ? t('list.noMatches') : t('list.empty'),
        testId: 'users-empty',
        clear: filtered ? { label: t('list.clearFilters'), onClick: onClear } : undefined,
      }}
      onOpenRow={(row) => void navigate(paths.users.detail(row.id))}
      rowHeight={60}
    />
  );
}
