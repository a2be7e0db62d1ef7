import type { BoardColumn } from '@sms/contracts/campaign-approval';
import type { Campaign, CampaignResponse } from '@sms/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/**
 * POST /api/campaigns/{id}/move: moves a campaign to a board column through the state machine
 * (request approval, approve, launch, pause, resume, cancel, withdraw). 409 CAMPAIGN_STATE,
 * CAMPAIGN_NO_SCHEDULE or CAMPAIGN_APPROVAL_REQUIRED, 403 CAMPAIGN_OWN_APPROVAL when refused.
 */
export const moveCampaign = async ({ id, column }: { id: string; column: BoardColumn }): Promise<Campaign> =>
  (await apiPost<CampaignResponse>(`/api/campaigns/${encodeURIComponent(id)}/move`, { column })).campaign;

/** Moves a campaign on the board; every campaign view refreshes (refused or not: the card goes back where the server has it). */
export function useMoveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsKeys.all }),
  });
}
