import { IMAGE_UPLOAD_LIMITS } from '@sms/contracts/brand-defaults';
import type { GalleryImage } from '@sms/contracts/gallery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { galleryKeys } from './gallery-keys';

/** POST /api/gallery: the file as multipart/form-data (field "image"), with its alt text. */
export async function uploadGalleryImage({ file, alt }: { file: File; alt: string }): Promise<GalleryImage> {
  const form = new FormData();
  // The text field first: the server reads it before the file.
  form.append('alt', alt);
  form.append(IMAGE_UPLOAD_LIMITS.galleryImage.field, file, file.name);
  const response = await apiClient.post<{ image: GalleryImage }>('/api/gallery', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
  });
  return response.data.image;
}

/** Uploads an image and refreshes the library. */
export function useUploadGalleryImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadGalleryImage, onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }) });
}
