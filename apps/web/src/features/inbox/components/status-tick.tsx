import Box from '@mui/material/Box';
import type { MessageStatus } from '@sms/contracts/messages';
import { IconAlertCircle, IconBan, IconCheck, IconChecks, IconClock, IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const ICONS: Record<MessageStatus, typeof IconCheck> = {
  queued: IconClock,
  sending: IconClock,
  sent: IconCheck,
  delivered: IconChecks,
  undelivered: IconAlertCircle,
  // Sent, but no receipt came within the validity period.
  unknown: IconHelpCircle,
  failed: IconAlertCircle,
  cancelled: IconBan,
  skipped: IconBan,
};

/** An outbound message's status as a tick (clock, one tick, two ticks, question mark, warning) with its name beside it. */
export function StatusTick({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('inbox');
  const Icon = ICONS[status];
  const bad = status === 'undelivered' || status === 'failed';
  return (
    <Box
      component="span"
      data-testid="message-status"
      data-status={status}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: bad ? 700 : 400 }}
    >
      <Icon size={14} aria-hidden />
      {t(`status.${status}`)}
    </Box>
  );
}
