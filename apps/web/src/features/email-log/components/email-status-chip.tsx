import Chip from '@mui/material/Chip';
import type { EmailStatus } from '@sms/contracts/email-log';
import { useTranslation } from 'react-i18next';

const TONE = { sent: 'success', failed: 'error', pending: 'warning' } as const;

/** An e-mail's status as a tinted chip (the light shade behind the readable text shade, 4.5:1). */
export function EmailStatusChip({ status }: { status: EmailStatus }) {
  const { t } = useTranslation('email-log');
  const tone = TONE[status];
  return (
    <Chip
      size="small"
      label={t(`status.${status}`)}
      sx={{ bgcolor: `${tone}.light`, color: `textColor.${tone}`, fontWeight: 600 }}
      data-status={status}
    />
  );
}
