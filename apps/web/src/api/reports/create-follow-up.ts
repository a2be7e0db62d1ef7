import type { Campaign } from '@sms/contracts/campaigns';
import type { FollowUpBody } from '@sms/contracts/reports';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/reports/non-responders/{campaignId}/follow-up: a draft addressed to exactly those non-responders. */
export const createFollowUp = async ({ id, body }: { id: string; body: FollowUpBody }): Promise<Campaign> =>
  (await apiPost<{ campaign: Campaign }>(`/api/reports/non-responders/${encodeURIComponent(id)}/follow-up`, body)).campaign;

export const useCreateFollowUp = () => useMutation({ mutationFn: createFollowUp });
