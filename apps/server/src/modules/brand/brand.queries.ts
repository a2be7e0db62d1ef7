import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { brandAssets, brandSettings } from '../../db/schema.ts';

export type BrandRow = typeof brandSettings.$inferSelect;
export type BrandPatch = Partial<Omit<typeof brandSettings.$inferInsert, 'id' | 'updatedAt'>>;
export type BrandAssetRow = typeof brandAssets.$inferSelect;
export type NewBrandAsset = typeof brandAssets.$inferInsert;
/** An asset without its bytes: enough to build its URL. */
export type BrandAssetInfo = Pick<BrandAssetRow, 'id' | 'mime'>;

const BRAND_ROW_ID = 1;

/** The stored brand row, or undefined while nothing was ever changed. */
export async function findBrandRow(db: Executor): Promise<BrandRow | undefined> {
  const [row] = await db.select().from(brandSettings).where(eq(brandSettings.id, BRAND_ROW_ID));
  return row;
}

/**
 * Creates the brand row if missing and locks it for the rest of the transaction, so concurrent
 * brand changes (and their asset clean-up) happen one after another.
 */
export async function lockBrandRow(tx: Executor): Promise<BrandRow> {
  await tx.insert(brandSettings).values({ id: BRAND_ROW_ID }).onConflictDoNothing();
  const [row] = await tx.select().from(brandSettings).where(eq(brandSettings.id, BRAND_ROW_ID)).for('update');
  if (!row) throw new Error('brand_settings row missing after insert');
  return row;
}

/** Applies a change to the brand row and returns the new row. */
export async function updateBrandRow(tx: Executor, patch: BrandPatch): Promise<BrandRow> {
  const [row] = await tx
    .update(brandSettings)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(brandSettings.id, BRAND_ROW_ID))
    .returning();
  if (!row) throw new Error('brand_settings row vanished during update');
  return row;
}

/** Stores processed asset files; identical content (same hash) is stored once. */
export async function insertBrandAssets(tx: Executor, assets: NewBrandAsset[]): Promise<void> {
  if (assets.length === 0) return;
  await tx.insert(brandAssets).values(assets).onConflictDoNothing({ target: brandAssets.id });
}

/** Ids and types of the given assets (no bytes), for building their URLs. */
export async function findBrandAssetInfo(db: Executor, ids: string[]): Promise<BrandAssetInfo[]> {
  if (ids.length === 0) return [];
  return db.select({ id: brandAssets.id, mime: brandAssets.mime }).from(brandAssets).where(inArray(brandAssets.id, ids));
}

/** One asset with its bytes, for serving. */
export async function findBrandAsset(db: Executor, id: string): Promise<BrandAssetRow | undefined> {
  const [row] = await db.select().from(brandAssets).where(eq(brandAssets.id, id));
  return row;
}

/**
 * Deletes assets the brand row no longer points at (replaced, removed or reset) and that are not
 * in the media library (gallery_images and their thumbnails, modules/gallery); returns their ids.
 */
export async function deleteUnusedBrandAssets(tx: Executor): Promise<string[]> {
  const rows = await tx
    .delete(brandAssets)
    .where(
      sql`not exists (select 1 from ${brandSettings} s where ${brandAssets.id} in (s.logo_asset_id, s.favicon_asset_id, s.favicon_32_asset_id, s.favicon_180_asset_id, s.login_background_asset_id))
          and not exists (select 1 from gallery_images g where ${brandAssets.id} in (g.asset_id, g.thumb_asset_id))`,
    )
    .returning({ id: brandAssets.id });
  return rows.map((row) => row.id);
}
