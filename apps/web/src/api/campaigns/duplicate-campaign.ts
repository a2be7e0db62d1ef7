import type { Campaign, CampaignResponse } from '@sms/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** POST /api/campaigns/{id}/duplicate: a new draft with the same settings. */
export const duplicateCampaign = async (id: string): Promise<Campaign> =>
  (await apiPost<CampaignResponse>(`/api/campaigns/${encodeURIComponent(id)}/duplicate`)).campaign;

/** Duplicates a campaign, primes the copy's detail query and refreshes the lists. */
export function useDuplicateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateCampaign,
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignsKeys.detail(campaign.id), campaign);
      await queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
    },
  });
}
