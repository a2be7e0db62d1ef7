import type { AudiencePreview } from '@sms/contracts/campaigns';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { reportsKeys } from './reports-keys';

/**
 * POST /api/campaigns/audience-preview for a follow-up's audience: how many the draft will reach,
 * counted as the composer and the launch count them (opted-out non-responders left out).
 */
export const previewFollowUp = (campaignId: string, tag1: string[] | undefined, signal?: AbortSignal): Promise<AudiencePreview> =>
  apiPost<AudiencePreview>(
    '/api/campaigns/audience-preview',
    { audience: { type: 'non_responders', campaignId, ...(tag1 ? { tag1 } : {}) } },
    { signal },
  );

/** The reach of a follow-up of all non-responders (`tag1` undefined) or of some tag1 values; asks nothing while `enabled` is false. */
export const useFollowUpReach = (campaignId: string, tag1: string[] | undefined, enabled: boolean) =>
  useQuery({
    queryKey: reportsKeys.followUpReach(campaignId, tag1),
    queryFn: ({ signal }) => previewFollowUp(campaignId, tag1, signal),
    enabled,
  });
