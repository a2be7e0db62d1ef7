import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import type { AuditEntry } from '@sms/contracts/audit-log';
import { IconHistory } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataGridLocaleText } from '../../../lib/i18n/use-data-grid-locale-text';
import { useLanguage } from '../../../lib/i18n/use-language';
import { AUDIT_PAGE_SIZES } from './audit-filter-state';
import { actionLabel, actorLabel, formatAuditTime, subjectLabel } from './entry-text';
import { GridEmptyOverlay } from '../../../components/grid-empty-overlay';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    filtered?: boolean;
  }
}

function NoEntriesOverlay({ filtered }: { filtered?: boolean }) {
  const { t } = useTranslation('audit');
  return <GridEmptyOverlay icon={<IconHistory size={36} stroke={1.4} />} title={filtered ? t('list.noMatches') : t('list.empty')} />;
}

export interface AuditGridProps {
  rows: AuditEntry[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  filtered: boolean;
  onPage: (page: number, pageSize: number) => void;
  onOpen: (entry: AuditEntry) => void;
}

/** Audit entries, newest first, paged on the server; a row opens its details. */
export function AuditGrid({ rows, total, loading, page, pageSize, filtered, onPage, onOpen }: AuditGridProps) {
  const { t } = useTranslation(['audit', 'policy']);
  const { language } = useLanguage();
  const localeText = useDataGridLocaleText();
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  const columns = useMemo<GridColDef<AuditEntry>[]>(
    () => [
      { field: 'at', headerName: t('fields.at'), minWidth: 190, flex: 1, sortable: false, valueFormatter: (value: string) => formatAuditTime(value, language) },
      {
        field: 'actor',
        headerName: t('fields.actor'),
        minWidth: 200,
        flex: 1.2,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {actorLabel(t, row)}
            </Typography>
            {row.actor?.email && row.actor.name ? (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {row.actor.email}
              </Typography>
            ) : null}
          </Box>
        ),
      },
      {
        field: 'action',
        headerName: t('fields.action'),
        minWidth: 220,
        flex: 1.3,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {actionLabel(t, row.action)}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div" sx={{ fontFamily: 'monospace' }}>
              {row.action}
            </Typography>
          </Box>
        ),
      },
      { field: 'subject', headerName: t('fields.subject'), minWidth: 130, flex: 0.8, sortable: false, valueFormatter: (value: string) => subjectLabel(t, value) },
      { field: 'ip', headerName: t('fields.ip'), minWidth: 130, flex: 0.7, sortable: false, valueFormatter: (value: string | null) => value ?? '' },
    ],
    [t, language],
  );

  return (
    <DataGrid
      data-testid="audit-grid"
      label={t('list.gridLabel')}
      rows={rows}
      columns={columns}
      rowCount={total}
      loading={loading}
      paginationMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={(model: GridPaginationModel) => onPage(model.page, model.pageSize)}
      pageSizeOptions={[...AUDIT_PAGE_SIZES]}
      disableColumnFilter
      disableColumnSorting
      disableRowSelectionOnClick
      localeText={localeText}
      onRowClick={({ row }) => onOpen(row)}
      onCellKeyDown={({ row }, event) => {
        if (event.key === 'Enter') onOpen(row);
      }}
      slots={{ noRowsOverlay: NoEntriesOverlay }}
      slotProps={{ noRowsOverlay: { filtered } }}
      rowHeight={60}
      sx={{ border: 0, minHeight: 420, '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-cell:focus-within': { outlineOffset: -2 } }}
    />
  );
}
