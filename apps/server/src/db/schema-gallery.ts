import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The media library (migration 0042): an image uploaded for posts, stored in brand_assets (its
 * bytes, checked and re-encoded like a brand image) and described here. Points at users.id without
 * a foreign key (users are soft-deleted), like schema-account-security.ts.
 */
export const galleryImages = pgTable(
  'gallery_images',
  {
    assetId: text('asset_id').primaryKey(),
    /** A small WebP for grids (null: the image itself is small, or a brand image given alt text here). */
    thumbAssetId: text('thumb_asset_id'),
    alt: text('alt').notNull().default(''),
    fileName: text('file_name').notNull().default(''),
    uploadedBy: uuid('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('gallery_images_created_idx').on(table.createdAt)],
);
