import type { CampaignApprovalResponse } from '@sms/contracts/campaign-approval';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** GET /api/campaigns/{id}/approval: whether it needs approval, the state, who may decide, the history. */
export const getApproval = (id: string, signal?: AbortSignal): Promise<CampaignApprovalResponse> =>
  apiGet<CampaignApprovalResponse>(`/api/campaigns/${encodeURIComponent(id)}/approval`, { signal });

export const approvalQueryOptions = (id: string) =>
  queryOptions({ queryKey: campaignsKeys.approval(id), queryFn: ({ signal }) => getApproval(id, signal) });

export const useApproval = (id: string, enabled = true) => useQuery({ ...approvalQueryOptions(id), enabled });
