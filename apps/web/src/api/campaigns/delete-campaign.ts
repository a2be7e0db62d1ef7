import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** DELETE /api/campaigns/{id} (drafts only). */
export const deleteCampaign = (id: string): Promise<void> => apiDelete(`/api/campaigns/${encodeURIComponent(id)}`);

/** Deletes a draft, forgets its queries and refreshes the lists. */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: campaignsKeys.detail(id) });
      queryClient.removeQueries({ queryKey: campaignsKeys.progress(id) });
      await queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
    },
  });
}
