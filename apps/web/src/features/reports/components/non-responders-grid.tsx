import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { NonResponder } from '@sms/contracts/reports';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataGridLocaleText } from '../../../lib/i18n/use-data-grid-locale-text';
import { PhoneNumber } from './phone-number';
import { TABLE_PAGE_SIZES, useServerTable, type TablePage } from './recipients-grid';
import { tag1Label } from './report-format';
import { MessageStatusChip } from './status-chips';
import { useReportFormat } from './use-report-format';
import { GridEmptyOverlay } from '../../../components/grid-empty-overlay';

export const NON_RESPONDER_SORTS = ['name', 'phone', 'tag1', 'sentAt'] as const;

function NoNonRespondersOverlay() {
  const { t } = useTranslation('reports');
  return <GridEmptyOverlay title={t('nonResponders.empty')} testId="non-responders-empty" />;
}

export interface NonRespondersGridProps {
  rows: NonResponder[];
  total: number;
  loading: boolean;
  state: TablePage;
  onChange: (patch: Partial<TablePage>) => void;
}

/** Recipients who did not reply: contact, phone, tag1, status, sent time, when their reply window ends, opted out. */
export function NonRespondersGrid({ rows, total, loading, state, onChange }: NonRespondersGridProps) {
  const { t } = useTranslation('reports');
  const localeText = useDataGridLocaleText();
  const format = useReportFormat();
  const table = useServerTable(state, NON_RESPONDER_SORTS, onChange);
  const columns = useMemo<GridColDef<NonResponder>[]>(() => {
    const date = (value: string | null) => format.date(value);
    const sortable = (field: string) => (NON_RESPONDER_SORTS as readonly string[]).includes(field);
    const list: GridColDef<NonResponder>[] = [
      { field: 'name', headerName: t('fields.contact'), flex: 1, minWidth: 150, valueFormatter: (value: string) => value || t('recipients.noName') },
      { field: 'phone', headerName: t('fields.phone'), width: 150, renderCell: ({ row }) => <PhoneNumber value={row.phone} /> },
      { field: 'tag1', headerName: t('fields.tag1'), width: 130, valueFormatter: (value: string | null) => tag1Label(value, t('none')) },
      { field: 'status', headerName: t('fields.status'), width: 125, renderCell: ({ row }) => <MessageStatusChip status={row.status} /> },
      { field: 'sentAt', headerName: t('fields.sentAt'), width: 165, valueFormatter: date },
      { field: 'windowEndsAt', headerName: t('fields.windowEndsAt'), width: 165, valueFormatter: date },
      {
        field: 'optedOut',
        headerName: t('fields.optedOut'),
        width: 120,
        renderCell: ({ row }) => (row.optedOut ? <Chip size="small" label={t('nonResponders.optedOut')} sx={{ bgcolor: 'warning.light', color: 'textColor.warning', fontWeight: 600 }} /> : null),
      },
    ];
    return list.map((column) => ({ ...column, sortable: sortable(column.field) }));
  }, [t, format]);
  return (
    <Box data-testid="non-responders-grid">
      <DataGrid
        label={t('nonResponders.gridLabel')}
        rows={rows}
        getRowId={(row) => row.messageId}
        columns={columns}
        rowCount={total}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        {...table}
        pageSizeOptions={[...TABLE_PAGE_SIZES]}
        sortingOrder={['asc', 'desc', null]}
        disableColumnFilter
        disableRowSelectionOnClick
        localeText={localeText}
        slots={{ noRowsOverlay: NoNonRespondersOverlay }}
        sx={{ border: 0, minHeight: 400 }}
      />
    </Box>
  );
}
