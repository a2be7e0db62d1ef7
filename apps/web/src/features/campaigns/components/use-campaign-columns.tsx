import Link from '@mui/material/Link';
import type { ColumnDef } from '../../../components/data-table/columns';
import { RowAction } from '../../../components/data-table/row-action';
import { CAMPAIGN_SORT_FIELDS, EDITABLE_CAMPAIGN_STATUSES, type Campaign } from '@sms/contracts/campaigns';
import { IconCopy, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime } from '../../../components/date-time';
import { ScheduledTime } from '../../../components/scheduled-time';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { CampaignProgressCell } from './campaign-progress-cell';
import { CampaignStatusChip } from './campaign-status-chip';

const sortable = (field: string) => (CAMPAIGN_SORT_FIELDS as readonly string[]).includes(field);

export interface CampaignRowActions {
  onDuplicate: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
}

/** Columns of the campaigns grid (the server sorts the sortable ones); row actions follow the role and state. */
export function useCampaignColumns({ onDuplicate, onDelete }: CampaignRowActions): ColumnDef<Campaign>[] {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const ability = useAbility();
  const navigate = useNavigate();
  const canCreate = ability.can('create', 'Campaign');
  const canUpdate = ability.can('update', 'Campaign');
  const canDelete = ability.can('delete', 'Campaign');

  return useMemo<ColumnDef<Campaign>[]>(() => {
    const date = (value: string | null) => formatDateTime(value, language) ?? '';
    return [
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1.4,
        minWidth: 180,
        sortable: sortable('name'),
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={paths.campaigns.detail(row.id)}
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
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <CampaignStatusChip status={row.status} />,
      },
      {
        field: 'progress',
        headerName: t('fields.progress'),
        flex: 1,
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) => <CampaignProgressCell campaign={row} />,
      },
      {
        field: 'scheduledAt',
        headerName: t('fields.scheduledAt'),
        width: 165,
        sortable: sortable('scheduledAt'),
        renderCell: ({ row }) => <ScheduledTime value={row.scheduledAt} timeZone={row.timeZone} variant="cell" />,
      },
      { field: 'launchedAt', headerName: t('fields.launchedAt'), width: 165, sortable: sortable('launchedAt'), valueFormatter: date },
      { field: 'createdAt', headerName: t('fields.createdAt'), width: 165, sortable: sortable('createdAt'), valueFormatter: date },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('list.actions'),
        // Room for every action button: a narrower cell cut the last one off.
        width: 165,
        hideable: false,
        getActions: ({ row }) => [
          <RowAction
            key="view"
            icon={<IconEye size={20} aria-hidden />}
            label={t('actions.view', { name: row.name })}
            onClick={() => void navigate(paths.campaigns.detail(row.id))}
          />,
          ...(canUpdate && EDITABLE_CAMPAIGN_STATUSES.includes(row.status)
            ? [
                <RowAction
                  key="edit"
                  icon={<IconPencil size={20} aria-hidden />}
                  label={t('actions.editOne', { name: row.name })}
                  onClick={() => void navigate(paths.campaigns.edit(row.id))}
                />,
              ]
            : []),
          ...(canCreate
            ? [
                <RowAction
                  key="duplicate"
                  icon={<IconCopy size={20} aria-hidden />}
                  label={t('actions.duplicateOne', { name: row.name })}
                  onClick={() => onDuplicate(row)}
                />,
              ]
            : []),
          ...(canDelete && row.status === 'draft'
            ? [
                <RowAction
                  key="delete"
                  icon={<IconTrash size={20} aria-hidden />}
                  label={t('actions.deleteOne', { name: row.name })}
                  onClick={() => onDelete(row)}
                />,
              ]
            : []),
        ],
      },
    ];
  }, [t, language, canCreate, canUpdate, canDelete, navigate, onDuplicate, onDelete]);
}
