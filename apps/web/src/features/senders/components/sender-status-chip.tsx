import Chip from '@mui/material/Chip';
import type { SenderStatus } from '@sms/contracts/senders';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<SenderStatus, 'default' | 'info' | 'success' | 'error'> = {
  draft: 'default',
  submitted: 'info',
  approved: 'success',
  rejected: 'error',
};

/** A registration status as a coloured chip (its text says it; the colour only repeats it). */
export function SenderStatusChip({ status }: { status: SenderStatus }) {
  const { t } = useTranslation('senders');
  return <Chip size="small" color={COLOURS[status]} label={t(`status.${status}`)} data-testid="sender-status" data-status={status} />;
}
