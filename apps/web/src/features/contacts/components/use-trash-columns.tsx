import type { TrashedContact } from '@sms/contracts/contacts-trash';
import { IconRestore } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '../../../components/data-table/columns';
import { RowAction } from '../../../components/data-table/row-action';
import { ShortDateTime } from '../../../components/date-time';
import { contactLabel, contactName } from './contact-name';

/** Columns of the trash: who, when they were deleted, when they go for good, and Restore. */
export function useTrashColumns({
  onRestore,
  restoring,
}: {
  onRestore: (row: TrashedContact) => void;
  restoring: boolean;
}): ColumnDef<TrashedContact>[] {
  const { t } = useTranslation('contacts');
  return useMemo<ColumnDef<TrashedContact>[]>(
    () => [
      {
        field: 'name',
        headerName: t('trash.name'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        hideable: false,
        valueFormatter: (_value: never, row) => contactName(row) ?? t('notSet'),
      },
      { field: 'phone', headerName: t('fields.phone'), width: 170, sortable: false, dir: 'ltr' },
      {
        field: 'deletedAt',
        headerName: t('trash.deletedAt'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => <ShortDateTime value={row.deletedAt} />,
      },
      {
        field: 'purgeAfter',
        headerName: t('trash.purgeAfter'),
        width: 190,
        sortable: false,
        renderCell: ({ row }) => <ShortDateTime value={row.purgeAfter} />,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('list.actions'),
        width: 80,
        getActions: ({ row }) => [
          <RowAction
            key="restore"
            label={t('trash.restoreOne', { name: contactLabel(row) })}
            title={t('trash.restore')}
            icon={<IconRestore size={18} aria-hidden />}
            disabled={restoring}
            onClick={() => onRestore(row)}
          />,
        ],
      },
    ],
    [t, onRestore, restoring],
  );
}
