import Chip from '@mui/material/Chip';
import type { ContactStatus } from '@sms/contracts/contacts';
import { useTranslation } from 'react-i18next';

const TONE: Record<ContactStatus, 'success' | 'warning'> = { active: 'success', opted_out: 'warning' };

/** Subscribed / Opted out as a small tinted chip (readable shades in both modes). */
export function ContactStatusChip({ status }: { status: ContactStatus }) {
  const { t } = useTranslation('contacts');
  const tone = TONE[status];
  return <Chip size="small" label={t(`status.${status}`)} sx={{ bgcolor: `${tone}.light`, color: `textColor.${tone}`, fontWeight: 600 }} />;
}

/** A tag value as an outlined chip. */
export function TagChip({ value }: { value: string }) {
  return <Chip size="small" variant="outlined" label={value} sx={{ maxWidth: '100%' }} />;
}
