import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ColumnDef } from '../../../components/data-table/columns';
import { RowAction } from '../../../components/data-table/row-action';
import { CONTACT_SORT_FIELDS, type Contact } from '@sms/contracts/contacts';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime } from '../../../components/date-time';
import { paths } from '../../../config/paths';
import { countryName } from '../../../lib/countries';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { ContactStatusChip } from './contact-chips';
import { contactLabel } from './contact-name';

const sortable = (field: string) => (CONTACT_SORT_FIELDS as readonly string[]).includes(field);

/** Columns of the contacts grid (the server sorts the sortable ones); actions follow the role. */
export function useContactColumns({ onDelete }: { onDelete: (contact: Contact) => void }): ColumnDef<Contact>[] {
  const { t } = useTranslation('contacts');
  const { language } = useLanguage();
  const ability = useAbility();
  const navigate = useNavigate();
  const canUpdate = ability.can('update', 'Contact');
  const canDelete = ability.can('delete', 'Contact');

  return useMemo<ColumnDef<Contact>[]>(() => {
    const date = (value: string | null) => formatDateTime(value, language, false) ?? '';
    const text = (
      field: 'firstName' | 'lastName' | 'email' | 'tag1' | 'tag2' | 'tag3',
      width: number,
      flex?: number,
    ): ColumnDef<Contact> => ({
      field,
      headerName: t(`fields.${field}`),
      ...(flex ? { flex, minWidth: width } : { width }),
      sortable: sortable(field),
      valueFormatter: (value: string | null) => value ?? '',
      ...(field === 'email' ? { dir: 'ltr' as const } : {}),
    });
    const columns: ColumnDef<Contact>[] = [
      {
        field: 'phone',
        headerName: t('fields.phone'),
        width: 160,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={paths.contacts.detail(row.id)}
              underline="hover"
              noWrap
              dir="ltr"
              sx={{ fontWeight: 600, unicodeBidi: 'isolate' }}
              onClick={(event) => event.stopPropagation()}
            >
              {row.phone}
            </Link>
            {row.phoneCountry ? (
              <Typography variant="caption" color="text.secondary" noWrap>
                {countryName(row.phoneCountry, language)}
              </Typography>
            ) : null}
          </Box>
        ),
      },
      // Widths that keep the default columns within a laptop screen (1366 px) without sideways scrolling.
      text('firstName', 110, 1),
      text('lastName', 110, 1),
      text('email', 150, 1.3),
      text('tag1', 100),
      text('tag2', 120),
      text('tag3', 120),
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 115,
        sortable: false,
        renderCell: ({ row }) => <ContactStatusChip status={row.status} />,
      },
      {
        field: 'source',
        headerName: t('fields.source'),
        width: 110,
        sortable: false,
        valueFormatter: (value: Contact['source']) => t(`sources.${value}`),
      },
      { field: 'createdAt', headerName: t('fields.createdAt'), width: 110, valueFormatter: date },
      { field: 'updatedAt', headerName: t('fields.updatedAt'), width: 130, valueFormatter: date },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('list.actions'),
        width: 125,
        hideable: false,
        getActions: ({ row }) => [
          <RowAction
            key="view"
            icon={<IconEye size={20} aria-hidden />}
            label={t('actions.view', { name: contactLabel(row) })}
            onClick={() => void navigate(paths.contacts.detail(row.id))}
          />,
          ...(canUpdate
            ? [
                <RowAction
                  key="edit"
                  icon={<IconPencil size={20} aria-hidden />}
                  label={t('actions.editOne', { name: contactLabel(row) })}
                  onClick={() => void navigate(paths.contacts.edit(row.id))}
                />,
              ]
            : []),
          ...(canDelete
            ? [
                <RowAction
                  key="delete"
                  icon={<IconTrash size={20} aria-hidden />}
                  label={t('actions.deleteOne', { name: contactLabel(row) })}
                  onClick={() => onDelete(row)}
                />,
              ]
            : []),
        ],
      },
    ];
    return columns;
  }, [t, language, canUpdate, canDelete, navigate, onDelete]);
}
