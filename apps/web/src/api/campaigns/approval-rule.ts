import type { ApprovalSettings } from '@sms/contracts/campaign-approval';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** GET /api/settings/campaign-approval: campaigns to more than `threshold` recipients need approval (null: off). */
export const getApprovalRule = (signal?: AbortSignal): Promise<ApprovalSettings> =>
  apiGet<ApprovalSettings>('/api/settings/campaign-approval', { signal });

export const approvalRuleQueryOptions = () =>
  queryOptions({ queryKey: campaignsKeys.approvalRule(), queryFn: ({ signal }) => getApprovalRule(signal) });

/** The rule, for those who may read settings (admins, managers). */
export const useApprovalRule = (enabled = true) => useQuery({ ...approvalRuleQueryOptions(), enabled });

/** PUT /api/settings/campaign-approval (admins). */
export const updateApprovalRule = (body: ApprovalSettings): Promise<ApprovalSettings> =>
  apiPut<ApprovalSettings>('/api/settings/campaign-approval', body);

export function useUpdateApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApprovalRule,
    onSuccess: (rule) => {
      queryClient.setQueryData(campaignsKeys.approvalRule(), rule);
      return queryClient.invalidateQueries({ queryKey: campaignsKeys.all });
    },
  });
}
