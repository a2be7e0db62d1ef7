import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { USER_SORT_FIELDS, type User } from '@sms/contracts/users';
import { IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useDataGridLocaleText } from '../../../lib/i18n/use-data-grid-locale-text';
import { DEFAULT_LIST_STATE, PAGE_SIZES, type UserSortField, type UsersListState } from './list-state';
import { GridEmptyOverlay } from '../../../components/grid-empty-overlay';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    filtered?: boolean;
    onClear?: () => void;
  }
}

/** The empty state: nothing matches the filters (with a way out), or no users at all. */
function NoUsersOverlay({ filtered, onClear }: { filtered?: boolean; onClear?: () => void }) {
  const { t } = useTranslation('users');
  return (
    <GridEmptyOverlay
      icon={<IconUsers size={36} stroke={1.4} />}
      title={filtered ? t('list.noMatches') : t('list.empty')}
      testId="users-empty"
      clear={filtered && onClear ? { label: t('list.clearFilters'), onClick: onClear } : undefined}
    />
  );
}

export interface UsersGridProps {
  state: UsersListState;
  rows: User[];
  total: number;
  loading: boolean;
  columns: GridColDef<User>[];
  filtered: boolean;
  onChange: (patch: Partial<UsersListState>) => void;
  onClear: () => void;
}

/** Server-side paginated and sorted users grid; a row click opens the user. */
export function UsersGrid({ state, rows, total, loading, columns, filtered, onChange, onClear }: UsersGridProps) {
  const { t } = useTranslation('users');
  const localeText = useDataGridLocaleText();
  const navigate = useNavigate();

  // Stable models: a new array each render reads as a sort change, and the grid then jumps to page 1.
  const { page, pageSize, sort, order } = state;
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort, sort: order }], [sort, order]);

  const onPagination = (model: GridPaginationModel) => onChange({ page: model.page, pageSize: model.pageSize });
  const onSort = (model: GridSortModel) => {
    const first = model[0];
    const field = (USER_SORT_FIELDS as readonly string[]).includes(first?.field ?? '') ? (first?.field as UserSortField) : DEFAULT_LIST_STATE.sort;
    onChange({ sort: field, order: first?.sort === 'asc' ? 'asc' : first ? 'desc' : DEFAULT_LIST_STATE.order });
  };

  return (
    <DataGrid
      data-testid="users-grid"
      label={t('list.gridLabel')}
      rows={rows}
      columns={columns}
      rowCount={total}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPagination}
      pageSizeOptions={[...PAGE_SIZES]}
      sortModel={sortModel}
      onSortModelChange={onSort}
      sortingOrder={['asc', 'desc']}
      disableColumnFilter
      disableRowSelectionOnClick
      localeText={localeText}
      onRowClick={({ row }, event) => {
        if ((event.target as HTMLElement).closest('[data-field="actions"], a, button')) return;
        void navigate(paths.users.detail(row.id));
      }}
      slots={{ noRowsOverlay: NoUsersOverlay }}
      slotProps={{ noRowsOverlay: { filtered, onClear } }}
      rowHeight={60}
      sx={{ border: 0, minHeight: 420, '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-cell:focus-within': { outlineOffset: -2 } }}
    />
  );
}
