import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { publicSiteKeys } from './public-site-keys';

/** DELETE /api/public-site/posts/{id}. */
export const deleteArchivePost = (id: string): Promise<void> => apiDelete(`/api/public-site/posts/${encodeURIComponent(id)}`);

/** Deletes a post; the staff list and the public archive refresh. */
export function useDeleteArchivePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArchivePost,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: publicSiteKeys.posts() }),
        queryClient.invalidateQueries({ queryKey: publicSiteKeys.archive() }),
      ]);
    },
  });
}
