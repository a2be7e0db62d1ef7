import Chip from '@mui/material/Chip';
import type { EmailStatus } from '@sms/contracts/email-log';
import { useTranslation } from 'react-i18next';

const COLOR = { sent: 'success', failed: 'error', pending: 'warning' } as const;

/** An e-mail's status as a coloured chip. */
export function EmailStatusChip({ status }: { status: EmailStatus }) {
  const { t } = useTranslation('email-log');
  return <Chip size="small" color={COLOR[status]} variant="outlined" label={t(`status.${status}`)} data-status={status} />;
}
