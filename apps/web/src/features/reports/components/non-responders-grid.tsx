import Chip from '@mui/material/Chip';
import type { ColumnDef } from '../../../components/data-table/columns';
import type { NonResponder } from '@sms/contracts/reports';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerDataGrid, type GridListQuery } from '../../../components/server-data-grid';
import type { ListHandle } from '../../../lib/list-state/use-list-state';
import { tag1Label } from './report-format';
import { NON_RESPONDER_SORTS, type NonRespondersListState } from './report-tables';
import { MessageStatusChip } from './status-chips';
import { useReportFormat } from './use-report-format';
import { LtrText } from '../../../components/ltr-text';

export interface NonRespondersGridProps {
  list: ListHandle<NonRespondersListState>;
  query: GridListQuery<NonResponder>;
}

/** Recipients who did not reply: contact, phone, tag1, status, sent time, when their reply window ends, opted out. */
export function NonRespondersGrid({ list, query }: NonRespondersGridProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const columns = useMemo<ColumnDef<NonResponder>[]>(() => {
    const date = (value: string | null) => format.date(value);
    const sortable = (field: string) => (NON_RESPONDER_SORTS as readonly string[]).includes(field);
    const list: ColumnDef<NonResponder>[] = [
      {
        field: 'name',
        headerName: t('fields.contact'),
        flex: 1,
        minWidth: 150,
        valueFormatter: (value: string) => value || t('recipients.noName'),
      },
      { field: 'phone', headerName: t('fields.phone'), width: 150, renderCell: ({ row }) => <LtrText>{row.phone}</LtrText> },
      { field: 'tag1', headerName: t('fields.tag1'), width: 130, valueFormatter: (value: string | null) => tag1Label(value, t('none')) },
      { field: 'status', headerName: t('fields.status'), width: 125, renderCell: ({ row }) => <MessageStatusChip status={row.status} /> },
      { field: 'sentAt', headerName: t('fields.sentAt'), width: 165, valueFormatter: date },
      { field: 'windowEndsAt', headerName: t('fields.windowEndsAt'), width: 165, valueFormatter: date },
      {
        field: 'optedOut',
        headerName: t('fields.optedOut'),
        width: 120,
        renderCell: ({ row }) =>
          row.optedOut ? (
            <Chip
              size="small"
              label={t('nonResponders.optedOut')}
              sx={{ bgcolor: 'warning.light', color: 'textColor.warning', fontWeight: 600 }}
            />
          ) : null,
      },
    ];
    return list.map((column) => ({ ...column, sortable: sortable(column.field) }));
  }, [t, format]);
  return (
    <ServerDataGrid
      testId="non-responders-grid"
      label={t('nonResponders.gridLabel')}
      list={list}
      query={query}
      getRowId={(row) => row.messageId}
      columns={columns}
      empty={{ title: t('nonResponders.empty'), testId: 'non-responders-empty' }}
      sortingOrder={['asc', 'desc', null]}
      minHeight={400}
    />
  );
}
