import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import type { User } from '@sms/contracts/users';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { useUsers } from '../api/get-users';
import { AccessDenied } from '../../../components/access-denied';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { changeListState, DEFAULT_LIST_STATE, isFiltered, lastPage, listStateToApiQuery, listStateToParams, parseListState, type UsersListState } from '../components/list-state';
import { NoticeSnackbar } from '../components/notice-snackbar';
import { useUserColumns } from '../components/use-user-columns';
import { UsersGrid } from '../components/users-grid';
import { UsersToolbar } from '../components/users-toolbar';

/** /users: the users grid with search, filters, server-side paging and sorting, all kept in the URL. */
export default function UsersList() {
  const { t } = useTranslation(['users', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListState(searchParams);
  const query = useUsers(listStateToApiQuery(state));
  const [deleting, setDeleting] = useState<User | null>(null);

  const update = (patch: Partial<UsersListState>, replace = false) => {
    const next = listStateToParams(changeListState(state, patch));
    // The grid also reports unchanged models; only real changes become history entries.
    if (next.toString() !== listStateToParams(state).toString()) setSearchParams(next, { replace, preventScrollReset: true });
  };
  const onDelete = useCallback((user: User) => setDeleting(user), []);
  const columns = useUserColumns({ onDelete });

  // A page past the end (rows deleted, or an old link): go to the last page that has rows.
  const total = query.data?.total ?? 0;
  const beyondEnd = !query.isPlaceholderData && query.isSuccess && state.page > 0 && query.data.data.length === 0 && total > 0;
  useEffect(() => {
    if (beyondEnd) setSearchParams(listStateToParams({ ...state, page: lastPage(total, state.pageSize) }), { replace: true });
  });

  if (query.error instanceof ApiError && query.error.status === 403) return <AccessDenied ns="users" />;

  const filtered = isFiltered(state);
  const clear = () => update({ search: '', role: '', status: '', page: DEFAULT_LIST_STATE.page });

  return (
    <PageContainer
      title={t('list.title')}
      description={t('list.description')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        <Can I="create" a="User">
          <Button component={RouterLink} to={paths.users.new} variant="contained" startIcon={<IconPlus size={18} aria-hidden />}>
            {t('actions.add')}
          </Button>
        </Can>
      }
    >
      <Card>
        <UsersToolbar
          search={state.search}
          role={state.role}
          status={state.status}
          filtered={filtered}
          onSearchChange={(search) => update({ search }, true)}
          onRoleChange={(role) => update({ role })}
          onStatusChange={(status) => update({ status })}
          onClear={clear}
        />
        <Divider />
        <LoadOrRetry query={query} sx={{ m: 2.5 }}>
          <UsersGrid
            state={state}
            rows={query.data?.data ?? []}
            total={total}
            loading={query.isFetching}
            columns={columns}
            filtered={filtered}
            onChange={(patch) => update(patch)}
            onClear={clear}
          />
        </LoadOrRetry>
      </Card>
      <DeleteUserDialog
        user={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setSearchParams(searchParams, { replace: true, preventScrollReset: true, state: { notice: 'deleted' } });
        }}
      />
      <NoticeSnackbar />
    </PageContainer>
  );
}
