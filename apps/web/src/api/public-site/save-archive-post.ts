import type { ArchivePost, CreateArchivePostBody } from '@sms/contracts/public-archive';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch, apiPost } from '../../lib/api-client';
import { publicSiteKeys } from './public-site-keys';

/** POST /api/public-site/posts (new) or PATCH /api/public-site/posts/{id} (edit). */
export const saveArchivePost = async ({ id, body }: { id: string | null; body: CreateArchivePostBody }): Promise<ArchivePost> =>
  (
    await (id
      ? apiPatch<{ post: ArchivePost }>(`/api/public-site/posts/${encodeURIComponent(id)}`, body)
      : apiPost<{ post: ArchivePost }>('/api/public-site/posts', body))
  ).post;

/** Saves a post; the staff list and the public archive refresh. */
export function useSaveArchivePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArchivePost,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: publicSiteKeys.posts() }),
        queryClient.invalidateQueries({ queryKey: publicSiteKeys.archive() }),
      ]);
    },
  });
}
