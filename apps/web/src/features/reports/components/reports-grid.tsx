import Link from '@mui/material/Link';
import type { ColumnDef } from '../../../components/data-table/columns';
import { RowAction } from '../../../components/data-table/row-action';
import { REPORT_CAMPAIGN_SORTS } from '@sms/contracts/report-fields';
import type { ReportCampaignRow } from '@sms/contracts/reports';
import { IconChartBar, IconReportAnalytics, IconTags, IconUserQuestion } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ShortDateTime } from '../../../components/date-time';
import { useListEmptyState } from '../../../components/empty-state';
import { ServerDataGrid, type GridListQuery } from '../../../components/server-data-grid';
import { paths } from '../../../config/paths';
import type { ListHandle } from '../../../lib/list-state/use-list-state';
import { CampaignStatusChip } from './status-chips';
import type { ReportsListState } from './reports-list-state';
import { useReportFormat } from './use-report-format';

/** Shown for a figure a campaign does not have yet (scheduled: nothing sent, not launched). */
const NOT_YET = '–';
const notSentYet = (row: ReportCampaignRow) => row.status === 'scheduled';

const sortable = (field: string) => (REPORT_CAMPAIGN_SORTS as readonly string[]).includes(field);

export interface ReportsGridProps {
  list: ListHandle<ReportsListState>;
  query: GridListQuery<ReportCampaignRow>;
  filtered: boolean;
}

/** Launched campaigns with their headline figures; the server pages and sorts; each row opens its reports. */
export function ReportsGrid({ list, query, filtered }: ReportsGridProps) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const format = useReportFormat();
  const empty = useListEmptyState('reports', { filtered, icon: <IconReportAnalytics size={36} stroke={1.4} />, testId: 'reports-empty' });

  const columns = useMemo<ColumnDef<ReportCampaignRow>[]>(() => {
    const count = (value: number) => format.count(value);
    const pct = (value: number) => format.percent(value);
    const list: ColumnDef<ReportCampaignRow>[] = [
      {
        field: 'name',
        headerName: t('fields.campaign'),
        flex: 1.4,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={paths.reports.delivery(row.id)}
            underline="hover"
            noWrap
            sx={{ fontWeight: 600 }}
            onClick={(event) => event.stopPropagation()}
          >
            {row.name}
          </Link>
        ),
      },
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => <CampaignStatusChip status={row.status} />,
      },
      { field: 'recipients', headerName: t('fields.recipients'), type: 'number', width: 100, valueFormatter: count },
      {
        field: 'deliveredPct',
        headerName: t('fields.deliveredPct'),
        type: 'number',
        width: 95,
        valueFormatter: (value: number, row) => (notSentYet(row) ? NOT_YET : pct(value)),
      },
      {
        field: 'repliedPct',
        headerName: t('fields.repliedPct'),
        type: 'number',
        width: 95,
        valueFormatter: (value: number, row) => (notSentYet(row) ? NOT_YET : pct(value)),
      },
      { field: 'failed', headerName: t('fields.failed'), type: 'number', width: 80, valueFormatter: count },
      { field: 'optedOut', headerName: t('fields.optedOut'), type: 'number', width: 95, valueFormatter: count },
      // Compact dates in the cells ("Nov 27, 2:57 PM"), the full date on hover: the full form was cut.
      {
        field: 'launchedAt',
        headerName: t('fields.launchedAt'),
        width: 135,
        renderCell: ({ value, row }) => (notSentYet(row) ? NOT_YET : <ShortDateTime value={value as string | null} />),
      },
      {
        field: 'completedAt',
        headerName: t('fields.completedAt'),
        width: 135,
        renderCell: ({ value }) => <ShortDateTime value={value as string | null} />,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('list.reports'),
        width: 125,
        hideable: false,
        getActions: ({ row }) => [
          <RowAction
            key="delivery"
            icon={<IconChartBar size={20} aria-hidden />}
            label={t('list.openReport', { report: t('kinds.delivery'), name: row.name })}
            title={t('kinds.delivery')}
            onClick={() => void navigate(paths.reports.delivery(row.id))}
          />,
          <RowAction
            key="tag1"
            icon={<IconTags size={20} aria-hidden />}
            label={t('list.openReport', { report: t('kinds.tag1-grouped'), name: row.name })}
            title={t('kinds.tag1-grouped')}
            onClick={() => void navigate(paths.reports.tag1Grouped(row.id))}
          />,
          <RowAction
            key="non-responders"
            icon={<IconUserQuestion size={20} aria-hidden />}
            label={t('list.openReport', { report: t('kinds.non-responders'), name: row.name })}
            title={t('kinds.non-responders')}
            onClick={() => void navigate(paths.reports.nonResponders(row.id))}
          />,
        ],
      },
    ];
    return list.map((column) => ({ ...column, sortable: column.sortable ?? sortable(column.field) }));
  }, [t, format, navigate]);

  return (
    <ServerDataGrid
      testId="reports-grid"
      label={t('list.gridLabel')}
      list={list}
      query={query}
      columns={columns}
      empty={empty}
      sortingOrder={['desc', 'asc']}
      defaultHidden={['completedAt']}
      onOpenRow={(row) => void navigate(paths.reports.delivery(row.id))}
    />
  );
}
