import type { Campaign, CampaignResponse } from '@sms/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { calendarKeys } from './get-calendar';

export interface RescheduleInput {
  id: string;
  scheduledLocal: string;
  timeZone: string;
}

/** PUT /api/campaigns/{id} with a new schedule (422 SCHEDULE_IN_PAST when it is already past). */
export const rescheduleCampaign = async ({ id, scheduledLocal, timeZone }: RescheduleInput): Promise<Campaign> =>
  (await apiPut<CampaignResponse>(`/api/campaigns/${encodeURIComponent(id)}`, { scheduledLocal, timeZone })).campaign;

/** Moves a scheduled campaign and refreshes the calendar and every campaign query. */
export function useRescheduleCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleCampaign,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    },
  });
}
