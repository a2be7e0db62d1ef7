import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { MessageStatus as Status, OutboundMessage } from '@sms/contracts/messages';
import { useTranslation } from 'react-i18next';
import { isMessagePending } from '../../../../api/messages/get-message';

const TONE: Record<Status, 'info' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'neutral'> = {
  queued: 'info',
  sending: 'primary',
  sent: 'primary',
  delivered: 'success',
  undelivered: 'warning',
  unknown: 'secondary',
  failed: 'error',
  cancelled: 'neutral',
  skipped: 'neutral',
};

/** A message's status as it moves (queued -> sent -> delivered or failed), with its error. */
export function MessageStatus({ message }: { message: OutboundMessage }) {
  const { t } = useTranslation('campaigns');
  const tone = TONE[message.status];
  const pending = isMessagePending(message);
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="test-message-status"
      data-status={message.status}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Chip
          size="small"
          label={t(`messageStatus.${message.status}`)}
          sx={tone === 'neutral' ? { fontWeight: 600 } : { bgcolor: `${tone}.light`, color: `textColor.${tone}`, fontWeight: 600 }}
        />
        {pending ? <CircularProgress size={16} aria-label={t('testSend.waiting')} /> : null}
      </Box>
      {message.errorCode || message.errorText ? (
        <Typography variant="body2" color="textColor.error">
          {[message.errorCode, message.errorText].filter(Boolean).join(': ')}
        </Typography>
      ) : null}
    </Box>
  );
}
