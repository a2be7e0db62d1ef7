import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridPaginationModel, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { CONTACT_SORT_FIELDS, type Contact, type ContactSortField } from '@sms/contracts/contacts';
import { IconAddressBook } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useDataGridLocaleText } from '../../../lib/i18n/use-data-grid-locale-text';
import { useAbility } from '../../../lib/permissions/use-ability';
import { loadColumnVisibility, saveColumnVisibility } from './column-visibility';
import { ContactsGridToolbar, type ContactsGridToolbarProps } from './contacts-grid-toolbar';
import { DEFAULT_LIST_STATE, PAGE_SIZES, type ContactsListState } from './list-state';
import { GridEmptyOverlay } from '../../../components/grid-empty-overlay';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    filtered?: boolean;
    onClear?: () => void;
  }
}

/** The empty state: nothing matches (with a way out), or no contacts yet (with the way in: import). */
function NoContactsOverlay({ filtered, onClear }: { filtered?: boolean; onClear?: () => void }) {
  const { t } = useTranslation('contacts');
  const ability = useAbility();
  return (
    <GridEmptyOverlay
      icon={<IconAddressBook size={36} stroke={1.4} />}
      title={filtered ? t('list.noMatches') : t('list.empty')}
      testId="contacts-empty"
      clear={filtered && onClear ? { label: t('list.clearFilters'), onClick: onClear } : undefined}
    >
      {!filtered && ability.can('create', 'Import') ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('list.emptyHint')}
          </Typography>
          <Button component={RouterLink} to={paths.contacts.upload} variant="contained" size="small" sx={{ mt: 1.5 }}>
            {t('actions.import')}
          </Button>
        </>
      ) : null}
    </GridEmptyOverlay>
  );
}

export interface ContactsGridProps {
  state: ContactsListState;
  rows: Contact[];
  total: number;
  /** More contacts match than the server counted (total is its cap). */
  totalCapped: boolean;
  loading: boolean;
  columns: GridColDef<Contact>[];
  filtered: boolean;
  selectedIds: string[];
  onSelectedIdsChange: (ids: string[]) => void;
  toolbar: Omit<ContactsGridToolbarProps, 'total' | 'totalCapped' | 'pageRowCount' | 'selectedIds'>;
  onChange: (patch: Partial<ContactsListState>) => void;
  onClear: () => void;
}

/** Server-side paginated and sorted contacts grid with ticks kept across pages and remembered columns. */
export function ContactsGrid({ state, rows, total, totalCapped, loading, columns, filtered, selectedIds, onSelectedIdsChange, toolbar, onChange, onClear }: ContactsGridProps) {
  const { t } = useTranslation('contacts');
  const localeText = useDataGridLocaleText();
  const navigate = useNavigate();
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>(() => loadColumnVisibility(columns.map((column) => column.field)));

  // Stable models: a new object each render reads as a change, and the grid then jumps to page 1.
  const { page, pageSize, sort, order } = state;
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort, sort: order }], [sort, order]);
  // Past the count cap the number of pages is unknown: the footer says "1–25 of more than 25" and
  // offers a next page while pages come back full.
  const paginationMeta = useMemo(() => ({ hasNextPage: rows.length === pageSize }), [rows.length, pageSize]);
  const selectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selectedIds) }), [selectedIds]);

  const onPagination = (model: GridPaginationModel) => onChange({ page: model.page, pageSize: model.pageSize });
  const onSort = (model: GridSortModel) => {
    const first = model[0];
    const field = (CONTACT_SORT_FIELDS as readonly string[]).includes(first?.field ?? '') ? (first?.field as ContactSortField) : DEFAULT_LIST_STATE.sort;
    onChange({ sort: field, order: first?.sort === 'asc' ? 'asc' : first ? 'desc' : DEFAULT_LIST_STATE.order });
  };
  const onSelection = (model: GridRowSelectionModel) => {
    // "Select all" on the header answers an exclude-model: every row of this page except the listed ones.
    const pageIds = new Set(rows.map((row) => row.id));
    const offPage = selectedIds.filter((id) => !pageIds.has(id));
    const onPage = model.type === 'include' ? [...model.ids].map(String).filter((id) => pageIds.has(id)) : rows.map((row) => row.id).filter((id) => !model.ids.has(id));
    onSelectedIdsChange([...offPage, ...onPage]);
  };

  return (
    <DataGrid
      data-testid="contacts-grid"
      label={t('list.gridLabel')}
      rows={rows}
      columns={columns}
      rowCount={totalCapped ? -1 : total}
      {...(totalCapped ? { paginationMeta } : {})}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPagination}
      pageSizeOptions={[...PAGE_SIZES]}
      sortModel={sortModel}
      onSortModelChange={onSort}
      sortingOrder={['asc', 'desc']}
      checkboxSelection
      keepNonExistentRowsSelected
      rowSelectionModel={selectionModel}
      onRowSelectionModelChange={onSelection}
      columnVisibilityModel={visibility}
      onColumnVisibilityModelChange={(model) => {
        setVisibility(model);
        saveColumnVisibility(model);
      }}
      disableColumnFilter
      disableRowSelectionOnClick
      localeText={localeText}
      onRowClick={({ row }, event) => {
        if ((event.target as HTMLElement).closest('[data-field="actions"], [data-field="__check__"], a, button, input')) return;
        void navigate(paths.contacts.detail(row.id));
      }}
      showToolbar
      slots={{ noRowsOverlay: NoContactsOverlay, toolbar: ContactsGridToolbar }}
      slotProps={{ noRowsOverlay: { filtered, onClear }, toolbar: { ...toolbar, total, totalCapped, pageRowCount: rows.length, selectedIds } }}
      rowHeight={60}
      sx={{ border: 0, minHeight: 460, '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-cell:focus-within': { outlineOffset: -2 } }}
    />
  );
}
