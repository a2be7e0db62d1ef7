import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ColumnDef } from '../../../components/data-table/columns';
import { RowAction } from '../../../components/data-table/row-action';
import type { User } from '@sms/contracts/users';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { formatDateTime, ShortDateTime } from '../../../components/date-time';
import { RoleChip, StatusChip } from './user-chips';

/** Columns of the users grid; actions the role may not use are left out (delete is disabled on yourself). */
export function useUserColumns({ onDelete }: { onDelete: (user: User) => void }): ColumnDef<User>[] {
  const { t } = useTranslation('users');
  const { language } = useLanguage();
  const ability = useAbility();
  const { user: me } = useAuth();
  const navigate = useNavigate();
  const canUpdate = ability.can('update', 'User');
  const canDelete = ability.can('delete', 'User');
  // Managers read the team without its sign-in details (the API leaves them out).
  const canSeeSignIns = ability.can('readSecurity', 'User');

  return useMemo<ColumnDef<User>[]>(() => {
    const date = (value: string | null, withTime = true) => formatDateTime(value, language, withTime) ?? t('never');
    return [
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1.2,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0 }}>
            <UserAvatar name={row.name} src={row.avatarUrl ?? undefined} size={32} />
            <Link
              component={RouterLink}
              to={paths.users.detail(row.id)}
              underline="hover"
              noWrap
              sx={{ fontWeight: 600 }}
              onClick={(event) => event.stopPropagation()}
            >
              {row.name}
            </Link>
          </Box>
        ),
      },
      { field: 'email', headerName: t('fields.email'), flex: 1.3, minWidth: 170, dir: 'ltr' },
      { field: 'role', headerName: t('fields.role'), minWidth: 130, flex: 0.6, renderCell: ({ row }) => <RoleChip role={row.role} /> },
      { field: 'status', headerName: t('fields.status'), width: 105, renderCell: ({ row }) => <StatusChip status={row.status} /> },
      ...(canSeeSignIns
        ? [
            {
              field: 'lastLoginAt',
              headerName: t('fields.lastLoginAt'),
              width: 140,
              // Compact in the cell ("Nov 27, 2:57 PM"), the full date on hover.
              renderCell: ({ row }) => (row.lastLoginAt ? <ShortDateTime value={row.lastLoginAt} /> : t('never')),
            } satisfies ColumnDef<User>,
          ]
        : []),
      { field: 'createdAt', headerName: t('fields.createdAt'), width: 130, valueFormatter: (value: string | null) => date(value, false) },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('list.actions'),
        width: 120,
        getActions: ({ row }) => {
          const self = row.id === me?.id;
          return [
            <RowAction
              key="view"
              icon={<IconEye size={20} aria-hidden />}
              label={t('actions.viewUser', { name: row.name })}
              onClick={() => void navigate(paths.users.detail(row.id))}
            />,
            ...(canUpdate
              ? [
                  <RowAction
                    key="edit"
                    icon={<IconPencil size={20} aria-hidden />}
                    label={t('actions.editUser', { name: row.name })}
                    onClick={() => void navigate(paths.users.edit(row.id))}
                  />,
                ]
              : []),
            ...(canDelete
              ? [
                  <RowAction
                    key="delete"
                    icon={<IconTrash size={20} aria-hidden />}
                    label={self ? t('delete.selfHint') : t('actions.deleteUser', { name: row.name })}
                    title={self ? t('delete.selfHint') : undefined}
                    disabled={self}
                    onClick={() => onDelete(row)}
                  />,
                ]
              : []),
          ];
        },
      },
    ];
  }, [t, language, me?.id, canUpdate, canDelete, canSeeSignIns, navigate, onDelete]);
}
