import type { CampaignArchive } from '@sms/contracts/public-archive';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** PUT /api/campaigns/{id}/archive (409 MERGE_FIELD_WITHOUT_FALLBACK names the merge fields that lack one). */
export const setCampaignArchive = async ({ id, published }: { id: string; published: boolean }): Promise<CampaignArchive> =>
  (await apiPut<{ archive: CampaignArchive }>(`/api/campaigns/${encodeURIComponent(id)}/archive`, { published })).archive;

/** Publishes a campaign to the public archive or takes it off. */
export function useSetCampaignArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCampaignArchive,
    onSuccess: (archive, { id }) => queryClient.setQueryData(campaignsKeys.archive(id), archive),
  });
}
