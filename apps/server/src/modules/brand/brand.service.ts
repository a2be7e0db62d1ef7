import { DEFAULT_BRAND, type BrandUpdate } from '@sms/contracts/brand';
import type { Db, Executor } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import type { ProcessedAsset, ProcessedFavicon } from './brand-assets.ts';
import {
  deleteUnusedBrandAssets,
  findBrandAssetInfo,
  findBrandRow,
  insertBrandAssets,
  lockBrandRow,
  updateBrandRow,
  type BrandAssetInfo,
  type BrandPatch,
  type BrandRow,
} from './brand.queries.ts';
import { referencedAssetIds } from './brand.presenter.ts';

/** The stored brand and the types of the assets it points at: what the presenter needs. */
export interface BrandState {
  row: BrandRow | undefined;
  assets: BrandAssetInfo[];
}

type ValueField = keyof typeof DEFAULT_BRAND;
const VALUE_FIELDS = Object.keys(DEFAULT_BRAND) as ValueField[];

/** The asset columns each removable path clears, and the name used in audit actions. */
const ASSET_FIELDS = {
  logoPath: { columns: ['logoAssetId'], audit: 'logo' },
  faviconPath: { columns: ['faviconAssetId', 'favicon32AssetId', 'favicon180AssetId'], audit: 'favicon' },
  loginBackgroundPath: { columns: ['loginBackgroundAssetId'], audit: 'login_background' },
} as const satisfies Record<string, { columns: ReadonlyArray<keyof BrandRow>; audit: string }>;
type AssetField = keyof typeof ASSET_FIELDS;

/** Reads the row and its assets' types with one executor (inside or outside a transaction). */
async function stateOf(db: Executor, row: BrandRow | undefined): Promise<BrandState> {
  return { row, assets: await findBrandAssetInfo(db, referencedAssetIds(row)) };
}

/** The current brand (no row yet means every default). */
export async function loadBrand(db: Db): Promise<BrandState> {
  return stateOf(db, await findBrandRow(db));
}

/**
 * Applies a validated partial update: changed values are stored, a null asset path removes that
 * asset (its files are deleted once nothing points at them). Changes are audited with old and new
 * values; sending what is already there changes nothing and records nothing.
 */
export async function updateBrand(db: Db, change: Command, body: BrandUpdate): Promise<BrandState> {
  return db.transaction(async (tx) => {
    const row = await lockBrandRow(tx);
    const patch: BrandPatch = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of VALUE_FIELDS) {
      const next = body[field];
      if (next === undefined) continue;
      const current = row[field] ?? DEFAULT_BRAND[field];
      if (next === current) continue;
      Object.assign(patch, { [field]: next });
      changes[field] = { from: current, to: next };
    }
    const removed: Array<{ field: AssetField; id: string }> = [];
    for (const field of Object.keys(ASSET_FIELDS) as AssetField[]) {
      if (body[field] !== null) continue;
      const [mainColumn, ...related] = ASSET_FIELDS[field].columns;
      const id = row[mainColumn];
      if (id === null && related.every((column) => row[column] === null)) continue;
      for (const column of ASSET_FIELDS[field].columns) Object.assign(patch, { [column]: null });
      if (id !== null) removed.push({ field, id });
    }
    if (Object.keys(patch).length === 0) return stateOf(tx, row);

    const updated = await updateBrandRow(tx, { ...patch, updatedBy: change.actor.id });
    await deleteUnusedBrandAssets(tx);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { ...auditBase(change), action: 'brand.update', details: { fields: Object.keys(changes), changes } });
    }
    for (const { field, id } of removed) {
      await recordAudit(tx, { ...auditBase(change), action: `brand.${ASSET_FIELDS[field].audit}.remove`, details: { asset: id } });
    }
    return stateOf(tx, updated);
  });
}

const auditBase = (change: Command) => ({ actor: change.actor, subject: 'Brand', ip: change.ip });

/** Audit details of a stored file (never its bytes). */
const describe = (asset: ProcessedAsset) => ({
  asset: asset.id,
  mime: asset.mime,
  bytes: asset.bytes.length,
  width: asset.width,
  height: asset.height,
});

const toRow = (asset: ProcessedAsset) => ({
  id: asset.id,
  kind: asset.kind,
  mime: asset.mime,
  bytes: asset.bytes,
  width: asset.width,
  height: asset.height,
});

/** Stores a new logo (and the display size sent with it), replacing the previous one. */
export async function replaceLogo(
  db: Db,
  change: Command,
  logo: ProcessedAsset,
  size: { logoWidth?: number | undefined; logoHeight?: number | undefined },
): Promise<BrandState> {
  return db.transaction(async (tx) => {
    const row = await lockBrandRow(tx);
    await insertBrandAssets(tx, [toRow(logo)]);
    const patch: BrandPatch = { logoAssetId: logo.id, updatedBy: change.actor.id };
    const sizeChanges: Record<string, { from: number; to: number }> = {};
    for (const field of ['logoWidth', 'logoHeight'] as const) {
      const next = size[field];
      if (next === undefined) continue;
      patch[field] = next;
      const current = row[field] ?? DEFAULT_BRAND[field];
      if (next !== current) sizeChanges[field] = { from: current, to: next };
    }
    const updated = await updateBrandRow(tx, patch);
    await deleteUnusedBrandAssets(tx);
    await recordAudit(tx, {
      ...auditBase(change),
      action: 'brand.logo.upload',
      details: { ...describe(logo), previous: row.logoAssetId, ...(Object.keys(sizeChanges).length > 0 ? { changes: sizeChanges } : {}) },
    });
    return stateOf(tx, updated);
  });
}

/** Stores a new favicon with its 32 and 180 px renditions, replacing the previous ones. */
export async function replaceFavicon(db: Db, change: Command, favicon: ProcessedFavicon): Promise<BrandState> {
  return db.transaction(async (tx) => {
    const row = await lockBrandRow(tx);
    await insertBrandAssets(tx, [favicon.main, favicon.png32, favicon.png180].map(toRow));
    const updated = await updateBrandRow(tx, {
      faviconAssetId: favicon.main.id,
      favicon32AssetId: favicon.png32.id,
      favicon180AssetId: favicon.png180.id,
      updatedBy: change.actor.id,
    });
    await deleteUnusedBrandAssets(tx);
    await recordAudit(tx, {
      ...auditBase(change),
      action: 'brand.favicon.upload',
      details: { ...describe(favicon.main), renditions: [favicon.png32.id, favicon.png180.id], previous: row.faviconAssetId },
    });
    return stateOf(tx, updated);
  });
}

/** Stores a new login background, replacing the previous one. */
export async function replaceLoginBackground(db: Db, change: Command, background: ProcessedAsset): Promise<BrandState> {
  return db.transaction(async (tx) => {
    const row = await lockBrandRow(tx);
    await insertBrandAssets(tx, [toRow(background)]);
    const updated = await updateBrandRow(tx, { loginBackgroundAssetId: background.id, updatedBy: change.actor.id });
    await deleteUnusedBrandAssets(tx);
    await recordAudit(tx, {
      ...auditBase(change),
      action: 'brand.login_background.upload',
      details: { ...describe(background), previous: row.loginBackgroundAssetId },
    });
    return stateOf(tx, updated);
  });
}

/** Puts every setting back to its default and deletes every asset; audited with what was there. */
export async function resetBrand(db: Db, change: Command): Promise<BrandState> {
  return db.transaction(async (tx) => {
    const row = await lockBrandRow(tx);
    const previous = Object.fromEntries(VALUE_FIELDS.filter((field) => row[field] !== null).map((field) => [field, row[field]]));
    const updated = await updateBrandRow(tx, {
      ...Object.fromEntries(VALUE_FIELDS.map((field) => [field, null])),
      logoAssetId: null,
      faviconAssetId: null,
      favicon32AssetId: null,
      favicon180AssetId: null,
      loginBackgroundAssetId: null,
      updatedBy: change.actor.id,
    });
    const removedAssets = await deleteUnusedBrandAssets(tx);
    await recordAudit(tx, { ...auditBase(change), action: 'brand.reset', details: { previous, removedAssets } });
    return stateOf(tx, updated);
  });
}
