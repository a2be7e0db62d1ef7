import type { Campaign, CampaignResponse, CreateCampaignBody } from '@sms/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** POST /api/campaigns: a new draft. */
export const createCampaign = async (body: CreateCampaignBody): Promise<Campaign> =>
  (await apiPost<CampaignResponse>('/api/campaigns', body)).campaign;

/** Creates a draft, primes its detail query and refreshes the lists. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignsKeys.detail(campaign.id), campaign);
      await queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
    },
  });
}
