import Button from '@mui/material/Button';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { CAMPAIGN_SORT_FIELDS, type Campaign } from '@sms/contracts/campaigns';
import { IconSend } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useDataGridLocaleText } from '../../../lib/i18n/use-data-grid-locale-text';
import { useAbility } from '../../../lib/permissions/use-ability';
import { DEFAULT_LIST_STATE, PAGE_SIZES, type CampaignsListState } from './list-state';
import { GridEmptyOverlay } from '../../../components/grid-empty-overlay';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    filtered?: boolean;
    onClear?: () => void;
  }
}

/** The empty state: nothing matches (with a way out), or no campaigns yet (with the way in). */
function NoCampaignsOverlay({ filtered, onClear }: { filtered?: boolean; onClear?: () => void }) {
  const { t } = useTranslation('campaigns');
  const ability = useAbility();
  return (
    <GridEmptyOverlay
      icon={<IconSend size={36} stroke={1.4} />}
      title={filtered ? t('list.noMatches') : t('list.empty')}
      testId="campaigns-empty"
      clear={filtered && onClear ? { label: t('list.clearFilters'), onClick: onClear } : undefined}
    >
      {!filtered && ability.can('create', 'Campaign') ? (
        <Button component={RouterLink} to={paths.campaigns.new} variant="contained" size="small" sx={{ mt: 1.5 }}>
          {t('actions.new')}
        </Button>
      ) : null}
    </GridEmptyOverlay>
  );
}

export interface CampaignsGridProps {
  state: CampaignsListState;
  rows: Campaign[];
  total: number;
  loading: boolean;
  columns: GridColDef<Campaign>[];
  filtered: boolean;
  onChange: (patch: Partial<CampaignsListState>) => void;
  onClear: () => void;
}

/** Server-side paginated and sorted campaigns grid; a row click opens the campaign. */
export function CampaignsGrid({ state, rows, total, loading, columns, filtered, onChange, onClear }: CampaignsGridProps) {
  const { t } = useTranslation('campaigns');
  const localeText = useDataGridLocaleText();
  const navigate = useNavigate();
  // Stable models: a new object each render reads as a change, and the grid then jumps to page 1.
  const { page, pageSize, sort, order } = state;
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort, sort: order }], [sort, order]);

  const onPagination = (model: GridPaginationModel) => onChange({ page: model.page, pageSize: model.pageSize });
  const onSort = (model: GridSortModel) => {
    const first = model[0];
    const field = (CAMPAIGN_SORT_FIELDS as readonly string[]).includes(first?.field ?? '') ? (first?.field as CampaignsListState['sort']) : DEFAULT_LIST_STATE.sort;
    onChange({ sort: field, order: first?.sort === 'asc' ? 'asc' : first ? 'desc' : DEFAULT_LIST_STATE.order });
  };

  return (
    <DataGrid
      data-testid="campaigns-grid"
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
      // Created is sortable (the default order) but hidden at first, so the actions fit without scrolling.
      initialState={{ columns: { columnVisibilityModel: { createdAt: false } } }}
      disableColumnFilter
      disableRowSelectionOnClick
      localeText={localeText}
      onRowClick={({ row }, event) => {
        if ((event.target as HTMLElement).closest('[data-field="actions"], a, button')) return;
        void navigate(paths.campaigns.detail(row.id));
      }}
      slots={{ noRowsOverlay: NoCampaignsOverlay }}
      slotProps={{ noRowsOverlay: { filtered, onClear } }}
      rowHeight={64}
      sx={{ border: 0, minHeight: 420, '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-cell:focus-within': { outlineOffset: -2 } }}
    />
  );
}
