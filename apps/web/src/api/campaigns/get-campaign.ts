import type { Campaign, CampaignResponse } from '@sms/contracts/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** GET /api/campaigns/{id}. */
export const getCampaign = async (id: string, signal?: AbortSignal): Promise<Campaign> =>
  (await apiGet<CampaignResponse>(`/api/campaigns/${encodeURIComponent(id)}`, { signal })).campaign;

export const campaignQueryOptions = (id: string) =>
  queryOptions({ queryKey: campaignsKeys.detail(id), queryFn: ({ signal }) => getCampaign(id, signal) });

/** One campaign, for the detail and edit pages. */
export const useCampaign = (id: string) => useQuery(campaignQueryOptions(id));
