import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { galleryKeys } from './gallery-keys';

/** DELETE /api/gallery/{id} (409 IMAGE_IN_USE while a post or the brand uses it). */
export const deleteGalleryImage = (id: string): Promise<void> => apiDelete(`/api/gallery/${encodeURIComponent(id)}`);

/** Deletes an image and refreshes the library. */
export function useDeleteGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGalleryImage, onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }) });
}
