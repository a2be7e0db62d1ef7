import type { GalleryImage } from '@sms/contracts/gallery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { galleryKeys } from './gallery-keys';

/** GET /api/gallery: a page of the media library, newest first. */
export const getGallery = (page: { limit: number; skip: number }, signal?: AbortSignal) =>
  apiGet<{ data: GalleryImage[]; total: number }>('/api/gallery', { params: page, signal });

/** A page of the library (the gallery page, the post editor's picker when open). */
export const useGallery = (page: { limit: number; skip: number }, enabled = true) =>
  useQuery({
    queryKey: galleryKeys.list(page),
    queryFn: ({ signal }) => getGallery(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
