import Link from '@mui/material/Link';
import type { TeamMember } from '@sms/contracts/team';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ShortDateTime } from '../../../components/date-time';
import { paths } from '../../../config/paths';
import { TeamStatusChip } from './team-status-chip';

/** One column of the team list (and line of its cards on phones). Per-person figures are entries of their own. */
export interface TeamField {
  key: string;
  label: string;
  render: (member: TeamMember) => ReactNode;
  align?: 'right';
}

/** The person's name, opening the account when there is one. */
export function MemberName({ member }: { member: TeamMember }) {
  return member.userId ? (
    <Link component={RouterLink} to={paths.users.detail(member.userId)} dir="auto">
      {member.name}
    </Link>
  ) : (
    <span dir="auto">{member.name}</span>
  );
}

/** The team list's columns after the name: who, then the figures (add a figure here). */
export function useTeamFields(): TeamField[] {
  const { t } = useTranslation(['team', 'common']);
  return useMemo(
    () => [
      { key: 'email', label: t('fields.email'), render: (member) => <span dir="ltr">{member.email}</span> },
      { key: 'role', label: t('fields.role'), render: (member) => t(`common:roles.${member.role}`) },
      { key: 'status', label: t('fields.status'), render: (member) => <TeamStatusChip member={member} /> },
      {
        key: 'lastSeenAt',
        label: t('fields.lastSeenAt'),
        render: (member) =>
          member.lastSeenAt ? <ShortDateTime value={member.lastSeenAt} /> : member.invitation ? t('list.notYet') : t('list.never'),
      },
    ],
    [t],
  );
}
