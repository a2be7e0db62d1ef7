import type { CampaignStatus } from '@sms/contracts/campaigns';

/** The colour family of each campaign status (chips, calendar entries, dashboard lists). */
export type StatusTone = 'primary' | 'info' | 'success' | 'error' | 'warning' | 'neutral';
export const CAMPAIGN_STATUS_TONE: Record<CampaignStatus, StatusTone> = {
  draft: 'neutral',
  scheduled: 'info',
  sending: 'primary',
  paused: 'warning',
  completed: 'success',
  cancelled: 'neutral',
  failed: 'error',
  in_review: 'warning',
};

/** Background and text colours (theme paths) of a status, readable in light and dark modes. */
export function statusColors(status: CampaignStatus): { bgcolor: string; color: string; accent: string } {
  const tone = CAMPAIGN_STATUS_TONE[status];
  return tone === 'neutral'
    ? { bgcolor: 'grey.100', color: 'text.secondary', accent: 'grey.500' }
    : { bgcolor: `${tone}.light`, color: `textColor.${tone}`, accent: `${tone}.main` };
}
