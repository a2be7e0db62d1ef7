import type { Audience, AudiencePreview } from '@sms/contracts/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
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
