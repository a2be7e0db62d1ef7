import { DEFAULT_BRAND, type BrandSettings } from '@sms/contracts/brand';
import { assetPath } from './brand-assets.ts';
import type { BrandAssetInfo, BrandRow } from './brand.queries.ts';

/** How asset URLs are written: relative by default, absolute under PUBLIC_URL when configured. */
export interface UrlOptions {
  publicUrl?: string | undefined;
}

/** The asset ids a row points at (for loading their types). */
export function referencedAssetIds(row: BrandRow | undefined): string[] {
  if (!row) return [];
  return [row.logoAssetId, row.faviconAssetId, row.favicon32AssetId, row.favicon180AssetId, row.loginBackgroundAssetId].filter(
    (id): id is string => id !== null,
  );
}

/** The URL of an asset path: the path itself, or prefixed with PUBLIC_URL. */
export function assetUrl(path: string | null, options: UrlOptions): string | null {
  if (path === null || !options.publicUrl) return path;
  return `${options.publicUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * Maps the stored row (null columns mean "default") and its assets' types to the API's brand
 * settings. No row at all is the default brand.
 */
export function presentBrand(row: BrandRow | undefined, assets: BrandAssetInfo[], options: UrlOptions): BrandSettings {
  const mimeOf = new Map(assets.map((asset) => [asset.id, asset.mime]));
  const pathOf = (id: string | null | undefined) => {
    const mime = id ? mimeOf.get(id) : undefined;
    return id && mime ? assetPath(id, mime) : null;
  };
  const logoPath = pathOf(row?.logoAssetId);
  const faviconPath = pathOf(row?.faviconAssetId);
  const loginBackgroundPath = pathOf(row?.loginBackgroundAssetId);
  const png32 = assetUrl(pathOf(row?.favicon32AssetId), options);
  const png180 = assetUrl(pathOf(row?.favicon180AssetId), options);
  return {
    logoPath,
    faviconPath,
    loginBackgroundPath,
    logoUrl: assetUrl(logoPath, options),
    faviconUrl: assetUrl(faviconPath, options),
    faviconUrls: faviconPath && png32 && png180 ? { png32, png180 } : null,
    loginBackgroundUrl: assetUrl(loginBackgroundPath, options),
    logoWidth: row?.logoWidth ?? DEFAULT_BRAND.logoWidth,
    logoHeight: row?.logoHeight ?? DEFAULT_BRAND.logoHeight,
    primaryColor: row?.primaryColor ?? DEFAULT_BRAND.primaryColor,
    secondaryColor: row?.secondaryColor ?? DEFAULT_BRAND.secondaryColor,
    accentColor: row?.accentColor ?? DEFAULT_BRAND.accentColor,
    appName: row?.appName ?? DEFAULT_BRAND.appName,
    description: row?.description ?? DEFAULT_BRAND.description,
    fontFamily: row?.fontFamily ?? DEFAULT_BRAND.fontFamily,
  };
}

/** Only the named fields of the settings (PUT answers the fields it changed). */
export function pickFields(settings: BrandSettings, fields: ReadonlyArray<keyof BrandSettings>): Partial<BrandSettings> {
  return Object.fromEntries(fields.map((field) => [field, settings[field]])) as Partial<BrandSettings>;
}

/** The answer fields of a PUT: each sent field, and with a removed asset path its URL fields too. */
export function answeredFields(body: Partial<Record<keyof BrandSettings, unknown>>): Array<keyof BrandSettings> {
  const related: Partial<Record<keyof BrandSettings, Array<keyof BrandSettings>>> = {
    logoPath: ['logoPath', 'logoUrl'],
    faviconPath: ['faviconPath', 'faviconUrl', 'faviconUrls'],
    loginBackgroundPath: ['loginBackgroundPath', 'loginBackgroundUrl'],
  };
  const fields = (Object.keys(body) as Array<keyof BrandSettings>).filter((field) => body[field] !== undefined);
  return [...new Set(fields.flatMap((field) => related[field] ?? [field]))];
}
