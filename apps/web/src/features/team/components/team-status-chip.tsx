import Chip from '@mui/material/Chip';
import type { TeamMember } from '@sms/contracts/team';
import { useTranslation } from 'react-i18next';

const TONE = { active: 'success', disabled: 'error', invited: 'info' } as const;

/** A person's status (active, disabled, invited, or the invitation's link expired) as a tinted chip (4.5:1). */
export function TeamStatusChip({ member }: { member: TeamMember }) {
  const { t } = useTranslation('team');
  const expired = member.invitation?.expired ?? false;
  const tone = expired ? 'warning' : TONE[member.status];
  return (
    <Chip
      size="small"
      label={expired ? t('status.expired') : t(`status.${member.status}`)}
      sx={{ bgcolor: `${tone}.light`, color: `textColor.${tone}`, fontWeight: 600 }}
      data-status={member.status}
    />
  );
}
