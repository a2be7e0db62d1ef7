import { statusReasonView } from '@sms/contracts/campaign-status-reason';
import type { AudienceView, Campaign, CampaignCounts, StoredAudience } from '@sms/contracts/campaigns';
import type { CampaignWithNames } from './campaigns.queries.ts';

/** The audience as the API shows it: an explicit list answers its size, not its ids. */
function presentAudience(row: CampaignWithNames): AudienceView {
  const audience = row.campaign.audience as StoredAudience;
  switch (audience.type) {
    case 'contacts':
      return { type: 'contacts', count: row.listSize ?? 0 };
    case 'non_responders':
      return {
        type: 'non_responders',
        campaignId: audience.campaignId,
        campaignName: row.sourceName,
        ...(audience.tag1 ? { tag1: audience.tag1 } : {}),
      };
    case 'segment': {
      const { segmentName, definition, resolvedAt } = audience;
      return {
        type: 'segment',
        segmentId: audience.segmentId,
        segmentName: row.segmentName ?? segmentName ?? null,
        snapshot: definition && segmentName && resolvedAt ? { segmentName, definition, resolvedAt } : null,
      };
    }
    default:
      return audience;
  }
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Maps a campaign row (with names) and its live counts to the API's Campaign. */
export function presentCampaign(row: CampaignWithNames, counts: CampaignCounts): Campaign {
  const { campaign } = row;
  return {
    id: campaign.id,
    name: campaign.name,
    body: campaign.body,
    senderId: campaign.senderId,
    gatewayId: campaign.gatewayId,
    gatewayName: row.gatewayName,
    audience: presentAudience(row),
    status: campaign.status,
    statusReason: statusReasonView(campaign.statusReason),
    scheduledAt: iso(campaign.scheduledAt),
    scheduledLocal: campaign.scheduledLocal,
    timeZone: campaign.timeZone,
    rateLimit: campaign.rateLimit,
    replyWindowHours: campaign.replyWindowHours,
    quietHours: campaign.quietHours,
    validityHours: campaign.validityHours,
    followUpOf: campaign.followUpOf,
    audienceReady: campaign.audienceReadyAt !== null,
    counts,
    createdBy: campaign.createdBy ? { id: campaign.createdBy, name: row.creatorName ?? 'Deleted user' } : null,
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
    launchedAt: iso(campaign.launchedAt),
    completedAt: iso(campaign.completedAt),
    cancelledAt: iso(campaign.cancelledAt),
  };
}
