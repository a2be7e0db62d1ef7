import Chip from '@mui/material/Chip';
import type { CampaignStatus } from '@sms/contracts/campaigns';
import type { MessageStatus } from '@sms/contracts/messages';
import { useTranslation } from 'react-i18next';

type Tone = 'primary' | 'secondary' | 'info' | 'success' | 'error' | 'warning' | 'neutral';
const CAMPAIGN_TONE: Record<CampaignStatus, Tone> = {
  draft: 'neutral',
  scheduled: 'info',
  sending: 'primary',
  paused: 'warning',
  completed: 'success',
  cancelled: 'neutral',
  failed: 'error',
  in_review: 'warning',
};
const MESSAGE_TONE: Record<MessageStatus, Tone> = {
  queued: 'neutral',
  sending: 'primary',
  sent: 'info',
  delivered: 'success',
  undelivered: 'warning',
  // No receipt within the validity: reached as far as anyone knows, neither good news nor bad.
  unknown: 'secondary',
  failed: 'error',
  cancelled: 'neutral',
  skipped: 'neutral',
};

const toneSx = (tone: Tone) =>
  tone === 'neutral'
    ? { bgcolor: 'grey.100', color: 'text.secondary', fontWeight: 600 }
    : { bgcolor: `${tone}.light`, color: `textColor.${tone}`, fontWeight: 600 };

/** A campaign's status as a tinted chip. */
export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('reports');
  return (
    <Chip
      size="small"
      label={t(`campaignStatus.${status}`)}
      sx={toneSx(CAMPAIGN_TONE[status])}
      data-testid="report-campaign-status"
      data-status={status}
    />
  );
}

/** A message's status as a tinted chip. */
export function MessageStatusChip({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('reports');
  return (
    <Chip
      size="small"
      label={t(`messageStatus.${status}`)}
      sx={toneSx(MESSAGE_TONE[status])}
      data-testid="message-status"
      data-status={status}
    />
  );
}
