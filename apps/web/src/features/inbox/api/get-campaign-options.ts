import type { CampaignList } from '@sms/contracts/campaigns';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { inboxKeys } from './inbox-keys';

/** Launched campaigns for the "replied to" filter (the 100 newest). */
export function useCampaignOptions(enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.campaigns(),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ limit: '100', sort: 'launchedAt', order: 'desc' });
      for (const status of ['sending', 'paused', 'completed', 'cancelled', 'failed']) params.append('status', status);
      const list = await apiGet<CampaignList>(`/api/campaigns?${params.toString()}`, { signal });
      return list.data.map((campaign) => ({ id: campaign.id, name: campaign.name }));
    },
    enabled,
    staleTime: 60_000,
  });
}
