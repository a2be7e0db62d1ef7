import type { Campaign, CampaignResponse, UpdateCampaignBody } from '@sms/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { dashboardKeys } from '../dashboard/get-dashboard';
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

/** What the calendar sends when a scheduled campaign is dragged to another day. */
export interface RescheduleInput {
  id: string;
  scheduledLocal: string;
  timeZone: string;
}

/** Moves a scheduled campaign (422 SCHEDULE_IN_PAST when it is already past) and refreshes every campaign query (the calendar's too) and the dashboard. */
export function useRescheduleCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scheduledLocal, timeZone }: RescheduleInput) => updateCampaign({ id, body: { scheduledLocal, timeZone } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignsKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]);
    },
  });
}
