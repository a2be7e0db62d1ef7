import type { CampaignList, ListCampaignsQuery } from '@sms/contracts/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** How often a list showing campaigns that are sending is refreshed. */
export const CAMPAIGNS_LIST_POLL_MS = 5000;

/** GET /api/campaigns: one page of campaigns (status repeated as `status=a&status=b`). */
export const getCampaigns = (query: Partial<ListCampaignsQuery>, signal?: AbortSignal): Promise<CampaignList> =>
  apiGet<CampaignList>('/api/campaigns', { params: query, paramsSerializer: { indexes: null }, signal });

export const campaignsQueryOptions = (query: ListCampaignsQuery) =>
  queryOptions({
    queryKey: campaignsKeys.list(query),
    queryFn: ({ signal }) => getCampaigns(query, signal),
    placeholderData: keepPreviousData,
    // Progress bars of sending campaigns move on their own.
    refetchInterval: (q) => (q.state.data?.data.some((row) => row.status === 'sending') ? CAMPAIGNS_LIST_POLL_MS : false),
  });

/** One page of campaigns for the campaigns grid (and the composer's campaign picker, while open). */
export const useCampaigns = (query: ListCampaignsQuery, enabled = true) => useQuery({ ...campaignsQueryOptions(query), enabled });

/** Launched campaigns, newest first (the 100 newest), as the inbox's "replied to" filter offers them. */
const LAUNCHED_QUERY: Partial<ListCampaignsQuery> = {
  limit: 100,
  sort: 'launchedAt',
  order: 'desc',
  status: ['sending', 'paused', 'completed', 'cancelled', 'failed'],
};

/** The launched campaigns' ids and names, for the inbox's "replied to" filter. */
export const useCampaignOptions = (enabled: boolean) =>
  useQuery({
    queryKey: campaignsKeys.options(),
    queryFn: async ({ signal }) =>
      (await getCampaigns(LAUNCHED_QUERY, signal)).data.map((campaign) => ({ id: campaign.id, name: campaign.name })),
    enabled,
    staleTime: 60_000,
  });
