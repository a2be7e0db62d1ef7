import type { ColumnDef } from '../../../components/data-table/columns';
import type { User } from '@sms/contracts/users';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListEmptyState } from '../../../components/empty-state';
import { ServerDataGrid, type GridListQuery } from '../../../components/server-data-grid';
import { paths } from '../../../config/paths';
import type { ListHandle } from '../../../lib/list-state/use-list-state';
import type { UsersListState } from './list-state';

export interface UsersGridProps {
  list: ListHandle<UsersListState>;
  query: GridListQuery<User>;
  columns: ColumnDef<User>[];
  filtered: boolean;
  onClear: () => void;
}

/** The users the server pages and sorts; a row click opens the user. */
export function UsersGrid({ list, query, columns, filtered, onClear }: UsersGridProps) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const empty = useListEmptyState('users', { filtered, onClear, icon: <IconUsers size={36} stroke={1.4} />, testId: 'users-empty' });
  return (
    <ServerDataGrid
      testId="users-grid"
      label={t('list.gridLabel')}
      list={list}
      query={query}
      columns={columns}
      empty={empty}
      onOpenRow={(row) => void navigate(paths.users.detail(row.id))}
      rowHeight={60}
    />
  );
}
