import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ColumnDef } from '../../../components/data-table/columns';
import type { AuditEntry } from '@sms/contracts/audit-log';
import { IconHistory } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useListEmptyState } from '../../../components/empty-state';
import { ServerDataGrid, type GridListQuery } from '../../../components/server-data-grid';
import { useLanguage } from '../../../lib/i18n/use-language';
import type { PageState } from '../../../lib/list-state/list-state';
import type { ListHandle } from '../../../lib/list-state/use-list-state';
import { actionLabel, actorLabel, formatAuditTime, subjectLabel } from './entry-text';

export interface AuditGridProps {
  list: ListHandle<PageState>;
  query: GridListQuery<AuditEntry>;
  filtered: boolean;
  onOpen: (entry: AuditEntry) => void;
}

/** Audit entries, newest first, paged on the server; a row opens its details. */
export function AuditGrid({ list, query, filtered, onOpen }: AuditGridProps) {
  const { t } = useTranslation(['audit', 'policy']);
  const { language } = useLanguage();
  const empty = useListEmptyState('audit', { filtered, icon: <IconHistory size={36} stroke={1.4} /> });
  const columns = useMemo<ColumnDef<AuditEntry>[]>(
    () => [
      {
        field: 'at',
        headerName: t('fields.at'),
        minWidth: 190,
        flex: 1,
        sortable: false,
        valueFormatter: (value: string) => formatAuditTime(value, language),
      },
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
      {
        field: 'subject',
        headerName: t('fields.subject'),
        minWidth: 130,
        flex: 0.8,
        sortable: false,
        valueFormatter: (value: string) => subjectLabel(t, value),
      },
      {
        field: 'ip',
        headerName: t('fields.ip'),
        minWidth: 130,
        flex: 0.7,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '',
      },
    ],
    [t, language],
  );

  return (
    <ServerDataGrid
      testId="audit-grid"
      label={t('list.gridLabel')}
      list={list}
      query={query}
      columns={columns}
      empty={empty}
      onOpenRow={onOpen}
      // Its rows have no link to tab to: each row takes the focus itself and opens on Enter.
      focusableRows
      rowHeight={60}
      alertSx={{ m: 2 }}
    />
  );
}
