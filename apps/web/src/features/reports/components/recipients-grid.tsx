import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import Typography from '@mui/material/Typography';
import type { ColumnDef } from '../../../components/data-table/columns';
import { RECIPIENT_SORTS } from '@sms/contracts/report-fields';
import type { ReportRecipient } from '@sms/contracts/reports';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ShortDateTime } from '../../../components/date-time';
import { ServerDataGrid, type GridListQuery } from '../../../components/server-data-grid';
import { paths } from '../../../config/paths';
import type { ListHandle } from '../../../lib/list-state/use-list-state';
import { useReasonTexts } from '../../../lib/messaging/reason-text';
import { useAbility } from '../../../lib/permissions/use-ability';
import { tag1Label } from './report-format';
import type { RecipientsListState } from './report-tables';
import { MessageStatusChip } from './status-chips';
import { useReportFormat } from './use-report-format';
import { LtrText } from '../../../components/ltr-text';

export interface RecipientsGridProps {
  list: ListHandle<RecipientsListState>;
  query: GridListQuery<ReportRecipient>;
  label: string;
  testId?: string;
}

/** One row per recipient: contact, phone, tag1, status, error, times and the reply; paged and sorted by the server. */
export function RecipientsGrid({ list, query, label, testId = 'recipients-grid' }: RecipientsGridProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const canReadContacts = useAbility().can('read', 'Contact');
  const reasons = useReasonTexts();

  const columns = useMemo<ColumnDef<ReportRecipient>[]>(() => {
    const date = (value: string | null) => format.date(value);
    const sortable = (field: string) => (RECIPIENT_SORTS as readonly string[]).includes(field);
    const list: ColumnDef<ReportRecipient>[] = [
      {
        field: 'name',
        headerName: t('fields.contact'),
        flex: 1,
        minWidth: 130,
        renderCell: ({ row }) =>
          canReadContacts && row.contactId ? (
            <Link component={RouterLink} to={paths.contacts.detail(row.contactId)} underline="hover" noWrap>
              {row.name || t('recipients.noName')}
            </Link>
          ) : (
            row.name || t('recipients.noName')
          ),
      },
      { field: 'phone', headerName: t('fields.phone'), width: 135, renderCell: ({ row }) => <LtrText>{row.phone}</LtrText> },
      { field: 'tag1', headerName: t('fields.tag1'), width: 90, valueFormatter: (value: string | null) => tag1Label(value, t('none')) },
      { field: 'status', headerName: t('fields.status'), width: 115, renderCell: ({ row }) => <MessageStatusChip status={row.status} /> },
      {
        field: 'errorCode',
        headerName: t('fields.error'),
        width: 110,
        renderCell: ({ row }) =>
          row.errorCode ? (
            <LazyTooltip title={reasons.messageError(row.errorCode, row.errorText)}>
              <Box component="span" sx={{ fontFamily: 'monospace', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                <LtrText>{row.errorCode}</LtrText>
              </Box>
            </LazyTooltip>
          ) : null,
      },
      {
        field: 'sentAt',
        headerName: t('fields.sentAt'),
        width: 130,
        renderCell: ({ value }) => <ShortDateTime value={value as string | null} />,
      },
      {
        field: 'deliveredAt',
        headerName: t('fields.deliveredAt'),
        width: 130,
        renderCell: ({ value }) => <ShortDateTime value={value as string | null} />,
      },
      {
        field: 'repliedAt',
        headerName: t('fields.reply'),
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) =>
          row.repliedAt ? (
            <Box
              sx={{
                lineHeight: 1.3,
                overflow: 'hidden',
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'center',
              }}
            >
              <Typography variant="body2" noWrap title={row.replyText ?? ''} data-testid="reply-text">
                <bdi>{row.replyText}</bdi>
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap title={date(row.repliedAt)}>
                {format.shortDate(row.repliedAt)}
              </Typography>
            </Box>
          ) : (
            <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {t('recipients.noReply')}
              </Typography>
            </Box>
          ),
      },
    ];
    return list.map((column) => ({ ...column, sortable: sortable(column.field) }));
  }, [t, format, canReadContacts, reasons]);

  return (
    <ServerDataGrid
      testId={testId}
      label={label}
      list={list}
      query={query}
      getRowId={(row) => row.messageId}
      columns={columns}
      empty={{ title: t('recipients.empty'), testId: 'recipients-empty' }}
      sortingOrder={['asc', 'desc', null]}
      rowHeight={56}
      minHeight={400}
    />
  );
}
