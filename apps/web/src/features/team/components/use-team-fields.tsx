import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { TeamMember } from '@sms/contracts/team';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ShortDateTime } from '../../../components/date-time';
import { paths } from '../../../config/paths';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { TeamStatusChip } from './team-status-chip';

/** One column of the team list (and line of its cards on phones). Per-person figures are entries of their own. */
export interface TeamField {
  key: string;
  label: string;
  render: (member: TeamMember) => ReactNode;
  align?: 'right';
}

/** A figure that does not apply (an invited person). */
const NONE = '—';

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
  const { t, i18n } = useTranslation(['team', 'common']);
  const language = i18n.language;
  return useMemo((): TeamField[] => {
    const numbers = new Intl.NumberFormat(intlLocale(language));
    const formatNumber = (value: number) => numbers.format(value);
    return [
      { key: 'email', label: t('fields.email'), render: (member) => <span dir="ltr">{member.email}</span> },
      { key: 'role', label: t('fields.role'), render: (member) => t(`common:roles.${member.role}`) },
      { key: 'status', label: t('fields.status'), render: (member) => <TeamStatusChip member={member} /> },
      {
        key: 'lastSeenAt',
        label: t('fields.lastSeenAt'),
        render: (member) =>
          member.lastSeenAt ? <ShortDateTime value={member.lastSeenAt} /> : member.invitation ? t('list.notYet') : t('list.never'),
      },
      {
        key: 'availability',
        label: t('fields.availability'),
        render: (member) =>
          member.availability ? (
            <Chip
              size="small"
              label={t(`availability.${member.availability}`)}
              sx={member.availability === 'available' ? { bgcolor: 'success.light', color: 'textColor.success', fontWeight: 600 } : {}}
              data-testid="team-availability"
              data-availability={member.availability}
            />
          ) : (
            NONE
          ),
      },
      {
        key: 'openConversations',
        label: t('fields.openConversations'),
        align: 'right',
        render: (member) => (member.openConversations === null ? NONE : formatNumber(member.openConversations)),
      },
      {
        key: 'notesWritten',
        label: t('fields.notesWritten'),
        align: 'right',
        render: (member) => (member.notesWritten === null ? NONE : formatNumber(member.notesWritten)),
      },
    ];
  }, [t, language]);
}
