import type { Campaign, CampaignResponse } from '@sms/contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export type ApprovalAction =
  | { id: string; action: 'request-approval' }
  | { id: string; action: 'approve'; comment?: string }
  | { id: string; action: 'reject'; comment: string };

/**
 * POST /api/campaigns/{id}/request-approval | approve | reject (decision 101): send a draft for
 * approval; approve it (it launches as requested); reject it with a comment (back to draft).
 */
export const runApprovalAction = async (input: ApprovalAction): Promise<Campaign> => {
  const base = `/api/campaigns/${encodeURIComponent(input.id)}`;
  const answer =
    input.action === 'request-approval'
      ? await apiPost<CampaignResponse>(`${base}/request-approval`)
      : input.action === 'approve'
        ? await apiPost<CampaignResponse>(`${base}/approve`, input.comment ? { comment: input.comment } : {})
        : await apiPost<CampaignResponse>(`${base}/reject`, { comment: input.comment });
  return answer.campaign;
};

/** Runs an approval action; the campaign, its approval, the lists and the board refresh. */
export function useApprovalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runApprovalAction,
    // Like a launch (campaign-action.ts): the detail is set from the answer, not fetched again, so
    // the composer that asked is not replaced by a refetch before it goes to the campaign's page.
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignsKeys.detail(campaign.id), campaign);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignsKeys.approval(campaign.id) }),
        queryClient.invalidateQueries({ queryKey: campaignsKeys.progress(campaign.id) }),
        queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: campaignsKeys.board() }),
      ]);
    },
  });
}
