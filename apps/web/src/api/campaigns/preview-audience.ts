import type { Audience, AudiencePreview } from '@sms/contracts/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** POST /api/campaigns/audience-preview: how many active contacts an audience reaches, opted-out count, a sample. */
export const previewAudience = (audience: Audience, signal?: AbortSignal): Promise<AudiencePreview> =>
  apiPost<AudiencePreview>('/api/campaigns/audience-preview', { audience }, { signal });

export const audiencePreviewQueryOptions = (audience: Audience) =>
  queryOptions({
    queryKey: campaignsKeys.audiencePreview(audience),
    queryFn: ({ signal }) => previewAudience(audience, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** The recipient count of an audience (null = not valid yet, nothing asked). */
export const useAudiencePreview = (audience: Audience | null) =>
  useQuery({ ...audiencePreviewQueryOptions(audience ?? { type: 'all' }), enabled: audience !== null });

/**
 * The reach of a follow-up of a campaign's non-responders, all of them (`tag1` undefined) or those
 * of some tag1 values, counted as the composer and the launch count them (opted-out ones left out);
 * asks nothing while `enabled` is false.
 */
export const useFollowUpReach = (campaignId: string, tag1: string[] | undefined, enabled: boolean) => {
  const audience: Audience = { type: 'non_responders', campaignId, ...(tag1 ? { tag1 } : {}) };
  return useQuery({
    queryKey: campaignsKeys.audiencePreview(audience),
    queryFn: ({ signal }) => previewAudience(audience, signal),
    enabled,
  });
};
