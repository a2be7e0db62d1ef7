import type { Campaign, CampaignResponse, UpdateCampaignBody } from '@sms/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** PUT /api/campaigns/{id} with the changed fields (409 CAMPAIGN_NOT_EDITABLE once it is sending). */
export const updateCampaign = async ({ id, body }: { id: string; body: UpdateCampaignBody }): Promise<Campaign> =>
  (await apiPut<CampaignResponse>(`/api/campaigns/${encodeURIComponent(id)}`, body)).campaign;

/** Saves a campaign and refreshes the lists. */
export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignsKeys.detail(campaign.id), campaign);
      await queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
    },
  });
}
