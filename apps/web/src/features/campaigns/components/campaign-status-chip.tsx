import Chip from '@mui/material/Chip';
import type { CampaignStatus } from '@sms/contracts/campaigns';
import { useTranslation } from 'react-i18next';

type Tone = 'primary' | 'info' | 'success' | 'error' | 'warning' | 'neutral';
const TONE: Record<CampaignStatus, Tone> = {
  draft: 'neutral',
  scheduled: 'info',
  sending: 'primary',
  paused: 'warning',
  completed: 'success',
  cancelled: 'neutral',
  failed: 'error',
  in_review: 'warning',
};

/** A campaign's status as a tinted chip (readable shades in both modes). */
export function CampaignStatusChip({ status, size = 'small' }: { status: CampaignStatus; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('campaigns');
  const tone = TONE[status];
  const sx =
    tone === 'neutral'
      ? { bgcolor: 'grey.100', color: 'text.secondary', fontWeight: 600 }
      : { bgcolor: `${tone}.light`, color: `textColor.${tone}`, fontWeight: 600 };
  return <Chip size={size} label={t(`statuses:campaign.${status}`)} sx={sx} data-testid="campaign-status" data-status={status} />;
}
