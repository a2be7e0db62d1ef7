import type { GalleryImage } from '@sms/contracts/gallery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../lib/api-client';
import { galleryKeys } from './gallery-keys';

/** PATCH /api/gallery/{id}: the alt text. */
export const updateGalleryImage = ({ id, alt }: { id: string; alt: string }) =>
  apiPatch<{ image: GalleryImage }>(`/api/gallery/${encodeURIComponent(id)}`, { alt }).then((answer) => answer.image);

/** Changes an image's alt text and refreshes the library. */
export function useUpdateGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGalleryImage, onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }) });
}
