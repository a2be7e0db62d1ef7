import type { GalleryImage } from '@sms/contracts/gallery';
import { assetPath } from '../brand/index.ts';
import type { GalleryRow } from './gallery.queries.ts';

/** A library image as the API answers it. */
export function presentGalleryImage(row: GalleryRow): GalleryImage {
  return {
    id: row.id,
    path: assetPath(row.id, row.mime),
    thumbnailPath: row.thumb_id && row.thumb_mime ? assetPath(row.thumb_id, row.thumb_mime) : assetPath(row.id, row.mime),
    mime: row.mime,
    width: row.width,
    height: row.height,
    bytes: Number(row.bytes),
    source: row.source,
    alt: row.alt,
    fileName: row.file_name,
    createdAt: new Date(row.created_at).toISOString(),
    usedBy: { brand: row.brand_roles, posts: row.posts.map((post) => ({ id: post.id, title: post.title })) },
  };
}
