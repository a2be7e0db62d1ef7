import Chip from '@mui/material/Chip';
import type { Role } from '@sms/contracts/roles';
import type { UserStatus } from '@sms/contracts/users';
import { useTranslation } from 'react-i18next';

type Tone = 'primary' | 'secondary' | 'info' | 'success' | 'error' | 'neutral';

const ROLE_TONE: Record<Role, Tone> = { admin: 'primary', manager: 'secondary', agent: 'info', viewer: 'neutral' };
const STATUS_TONE: Record<UserStatus, Tone> = { active: 'success', disabled: 'error' };

/** Tinted chip colours: the light shade behind the readable text shade (4.5:1 in both modes). */
const toneSx = (tone: Tone) =>
  tone === 'neutral'
    ? { bgcolor: 'grey.100', color: 'text.secondary', fontWeight: 600 }
    : { bgcolor: `${tone}.light`, color: `textColor.${tone}`, fontWeight: 600 };

/** The role as a small tinted chip ("Administrator", "Manager", …). */
export function RoleChip({ role }: { role: Role }) {
  const { t } = useTranslation('common');
  return <Chip size="small" label={t(`roles.${role}`)} sx={toneSx(ROLE_TONE[role])} />;
}

/** Active / Disabled as a small tinted chip. */
export function StatusChip({ status }: { status: UserStatus }) {
  const { t } = useTranslation('users');
  return <Chip size="small" label={t(`status.${status}`)} sx={toneSx(STATUS_TONE[status])} />;
}
