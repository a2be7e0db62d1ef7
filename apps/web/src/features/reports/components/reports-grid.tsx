import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { DataGrid, GridActionsCellItem, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { REPORT_CAMPAIGN_SORTS, type ReportCampaignRow } from '@sms/contracts/reports';
import { IconChartBar, IconReportAnalytics, IconTags, IconUserQuestion } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useDataGridLocaleText } from '../../../lib/i18n/use-data-grid-locale-text';
import { CampaignStatusChip } from './status-chips';
import { DEFAULT_REPORTS_STATE, PAGE_SIZES, type ReportCampaignSort, type ReportsListState } from './reports-list-state';
import { useReportFormat } from './use-report-format';
import { GridEmptyOverlay } from '../../../components/grid-empty-overlay';

const sortable = (field: string) => (REPORT_CAMPAIGN_SORTS as readonly string[]).includes(field);

function NoReportsOverlay({ filtered }: { filtered?: boolean }) {
  const { t } = useTranslation('reports');
  return <GridEmptyOverlay icon={<IconReportAnalytics size={36} stroke={1.4} />} title={filtered ? t('list.noMatches') : t('list.empty')} testId="reports-empty" />;
}

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    filtered?: boolean;
  }
}

export interface ReportsGridProps {
  state: ReportsListState;
  rows: ReportCampaignRow[];
  total: number;
  loading: boolean;
  filtered: boolean;
  onChange: (patch: Partial<ReportsListState>) => void;
}

/** Launched campaigns with their headline figures; the server pages and sorts; each row opens its reports. */
export function ReportsGrid({ state, rows, total, loading, filtered, onChange }: ReportsGridProps) {
  const { t } = useTranslation('reports');
  const localeText = useDataGridLocaleText();
  const navigate = useNavigate();
  const format = useReportFormat();
  const { page, pageSize, sort, order } = state;
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort, sort: order }], [sort, order]);

  const columns = useMemo<GridColDef<ReportCampaignRow>[]>(() => {
    const count = (value: number) => format.count(value);
    const pct = (value: number) => format.percent(value);
    const list: GridColDef<ReportCampaignRow>[] = [
      {
        field: 'name',
        headerName: t('fields.campaign'),
        flex: 1.4,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={paths.reports.delivery(row.id)} underline="hover" noWrap sx={{ fontWeight: 600 }} onClick={(event) => event.stopPropagation()}>
            {row.name}
          </Link>
        ),
      },
      { field: 'status', headerName: t('fields.status'), width: 110, sortable: false, renderCell: ({ row }) => <CampaignStatusChip status={row.status} /> },
      { field: 'recipients', headerName: t('fields.recipients'), type: 'number', width: 100, valueFormatter: count },
      { field: 'deliveredPct', headerName: t('fields.deliveredPct'), type: 'number', width: 95, valueFormatter: pct },
      { field: 'repliedPct', headerName: t('fields.repliedPct'), type: 'number', width: 95, valueFormatter: pct },
      { field: 'failed', headerName: t('fields.failed'), type: 'number', width: 80, valueFormatter: count },
      { field: 'optedOut', headerName: t('fields.optedOut'), type: 'number', width: 95, valueFormatter: count },
      { field: 'launchedAt', headerName: t('fields.launchedAt'), width: 145, valueFormatter: (value: string | null) => format.date(value) },
      { field: 'completedAt', headerName: t('fields.completedAt'), width: 145, valueFormatter: (value: string | null) => format.date(value) },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('list.reports'),
        width: 125,
        hideable: false,
        getActions: ({ row }) => [
          <GridActionsCellItem key="delivery" icon={<IconChartBar size={20} aria-hidden />} label={t('list.openReport', { report: t('kinds.delivery'), name: row.name })} onClick={() => void navigate(paths.reports.delivery(row.id))} />,
          <GridActionsCellItem key="tag1" icon={<IconTags size={20} aria-hidden />} label={t('list.openReport', { report: t('kinds.tag1-grouped'), name: row.name })} onClick={() => void navigate(paths.reports.tag1Grouped(row.id))} />,
          <GridActionsCellItem key="non-responders" icon={<IconUserQuestion size={20} aria-hidden />} label={t('list.openReport', { report: t('kinds.non-responders'), name: row.name })} onClick={() => void navigate(paths.reports.nonResponders(row.id))} />,
        ],
      },
    ];
    return list.map((column) => ({ ...column, sortable: column.sortable ?? sortable(column.field) }));
  }, [t, format, navigate]);

  const onPagination = (model: GridPaginationModel) => onChange({ page: model.page, pageSize: model.pageSize });
  const onSort = (model: GridSortModel) => {
    const first = model[0];
    const field = sortable(first?.field ?? '') ? (first?.field as ReportCampaignSort) : DEFAULT_REPORTS_STATE.sort;
    onChange({ sort: field, order: first?.sort === 'asc' ? 'asc' : 'desc' });
  };

  return (
    <Box data-testid="reports-grid">
      <DataGrid
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
        sortingOrder={['desc', 'asc']}
        initialState={{ columns: { columnVisibilityModel: { completedAt: false } } }}
        disableColumnFilter
        disableRowSelectionOnClick
        localeText={localeText}
        onRowClick={({ row }, event) => {
          if ((event.target as HTMLElement).closest('[data-field="actions"], a, button')) return;
          void navigate(paths.reports.delivery(row.id));
        }}
        slots={{ noRowsOverlay: NoReportsOverlay }}
        slotProps={{ noRowsOverlay: { filtered } }}
        sx={{ border: 0, minHeight: 420, '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-cell:focus-within': { outlineOffset: -2 } }}
      />
    </Box>
  );
}
