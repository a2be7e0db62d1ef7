import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './lists.ts';

/** The media library (/apps/gallery): images for posts, and the brand's images beside them. */
export const GALLERY_LIMITS = { alt: 300, fileName: 200 } as const;

/** The `code` of the 409 a delete answers while a post or the brand uses the image. */
export const IMAGE_IN_USE_CODE = 'IMAGE_IN_USE';

/** Where the brand uses an image. */
export const BRAND_IMAGE_ROLES = ['logo', 'favicon', 'loginBackground'] as const;
export type BrandImageRole = (typeof BRAND_IMAGE_ROLES)[number];

export const galleryImageSchema = z.object({
  /** The sha256 of the stored file (content-addressed, like brand images). */
  id: z.string(),
  /** Where the file is served (cached for a year): /api/brand-assets/<id>.<ext>. */
  path: z.string(),
  /** A small rendition for grids (WebP, at most 480 px; the image itself when that small). */
  thumbnailPath: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  /** gallery: uploaded to the library (deletable when unused); brand: one of the brand's images (changed under Brand). */
  source: z.enum(['gallery', 'brand']),
  alt: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  usedBy: z.object({
    brand: z.array(z.enum(BRAND_IMAGE_ROLES)),
    posts: z.array(z.object({ id: z.string(), title: z.string() })),
  }),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

export const listGalleryQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(48),
});
export const galleryListResponseSchema = listResponseSchema(galleryImageSchema);
export const galleryImageResponseSchema = z.object({ image: galleryImageSchema });

export const galleryImageParamsSchema = z.object({
  id: z.string({ error: 'id is required' }).regex(/^[0-9a-f]{64}$/, 'id must be an image id (64 hexadecimal digits)'),
});

const alt = z.string({ error: 'alt must be text' }).trim().max(GALLERY_LIMITS.alt, `alt must be at most ${GALLERY_LIMITS.alt} characters`);

/** The upload form's text field (multipart; read after the file's checks). */
export const galleryUploadFieldsSchema = z.object({ alt: alt.default('') });
/** PATCH /api/gallery/{id} */
export const updateGalleryImageBodySchema = z.object({ alt });
