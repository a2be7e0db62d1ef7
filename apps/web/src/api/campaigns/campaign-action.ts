import type { Campaign, CampaignAction, CampaignResponse } from '@sms/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/**
 * POST /api/campaigns/{id}/launch|pause|resume|cancel: one endpoint per state change, same shape.
 * Launch sends now without a schedule, else schedules. 409 CAMPAIGN_STATE for an illegal change;
 * 422 EMPTY_AUDIENCE or SCHEDULE_IN_PAST.
 */
export const runCampaignAction = async ({ id, action }: { id: string; action: CampaignAction }): Promise<Campaign> =>
  (await apiPost<CampaignResponse>(`/api/campaigns/${encodeURIComponent(id)}/${action}`)).campaign;

/** Moves a campaign to its next state; its detail, progress and the lists refresh. */
export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCampaignAction,
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignsKeys.detail(campaign.id), campaign);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignsKeys.progress(campaign.id) }),
        queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() }),
      ]);
    },
  });
}
