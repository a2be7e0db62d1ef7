import Button from '@mui/material/Button';
import type { User } from '@sms/contracts/users';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListPage } from '../../../components/list-page';
import { useShowNoticeHere } from '../../../components/notice-snackbar';
import { paths } from '../../../config/paths';
import { useUrlListState } from '../../../lib/list-state/use-list-state';
import { Can } from '../../../lib/permissions/can';
import { useUsers } from '../../../api/users/get-users';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { usersApiQuery, usersList } from '../components/list-state';
import { useUserColumns } from '../components/use-user-columns';
import { UsersGrid } from '../components/users-grid';
import { UsersToolbar } from '../components/users-toolbar';

/** /users: the users grid with search, filters, server-side paging and sorting, all kept in the URL. */
export default function UsersList() {
  const { t } = useTranslation(['users', 'common']);
  const list = useUrlListState(usersList);
  const { state, update } = list;
  const query = useUsers(usersApiQuery(state));
  const showNotice = useShowNoticeHere();
  const [deleting, setDeleting] = useState<User | null>(null);
  const onDelete = useCallback((user: User) => setDeleting(user), []);
  const columns = useUserColumns({ onDelete });

  const filtered = usersList.isFiltered(state);
  const clear = () => update(usersList.clearedFilters);

  return (
    <ListPage
      ns="users"
      title={t('list.title')}
      description={t('list.description')}
      error={query.error}
      actions={
        <Can I="create" a="User">
          <Button component={RouterLink} to={paths.users.new} variant="contained" startIcon={<IconPlus size={18} aria-hidden />}>
            {t('actions.add')}
          </Button>
        </Can>
      }
      toolbar={
        <UsersToolbar
          search={state.search}
          role={state.role}
          status={state.status}
          filtered={filtered}
          onSearchChange={(search) => update({ search }, { replace: true })}
          onRoleChange={(role) => update({ role })}
          onStatusChange={(status) => update({ status })}
          onClear={clear}
        />
      }
      grid={<UsersGrid list={list} query={query} columns={columns} filtered={filtered} onClear={clear} />}
    >
      <DeleteUserDialog
        user={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          showNotice('deleted');
        }}
      />
    </ListPage>
  );
}
