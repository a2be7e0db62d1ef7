import Chip from '@mui/material/Chip';
import type { TeamMember } from '@sms/contracts/team';
import { useTranslation } from 'react-i18next';

const COLOR = { active: 'success', disabled: 'default', invited: 'info' } as const;

/** A person's status: active, disabled, invited (or the invitation's link expired). */
export function TeamStatusChip({ member }: { member: TeamMember }) {
  const { t } = useTranslation('team');
  const expired = member.invitation?.expired ?? false;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={expired ? 'warning' : COLOR[member.status]}
      label={expired ? t('status.expired') : t(`status.${member.status}`)}
      data-status={member.status}
    />
  );
}
