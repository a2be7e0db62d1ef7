import { BRAND_UPLOAD_LIMITS, type BrandAssetKind } from '@sms/contracts/brand-defaults';
import type { BrandSettings } from '@sms/contracts/brand';
import { apiClient } from '../../lib/api-client';

/** The upload endpoint of each brand image. */
export const UPLOAD_PATHS: Record<BrandAssetKind, string> = {
  logo: '/api/brand-settings/logo',
  favicon: '/api/brand-settings/favicon',
  loginBackground: '/api/brand-settings/login-background',
};

/** Whole percent of an upload, 0..100 (0 while the size is unknown). */
export function progressPercent(loaded: number, total: number | undefined): number {
  if (!total || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

export interface UploadOptions {
  /** Extra text fields (the logo's logoWidth and logoHeight). */
  fields?: Record<string, string | number | undefined>;
  /** Called with the percentage sent so far. */
  onProgress?: (percent: number) => void;
}

/**
 * POST the file as multipart/form-data in the kind's field (logo, favicon, loginBackground);
 * answers the changed settings fields (paths and URLs; for the logo also its size).
 */
export async function uploadBrandAsset(
  kind: BrandAssetKind,
  file: File,
  { fields = {}, onProgress }: UploadOptions = {},
): Promise<Partial<BrandSettings>> {
  const form = new FormData();
  // Text fields first: the server reads them before the file.
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  form.append(BRAND_UPLOAD_LIMITS[kind].field, file, file.name);
  const response = await apiClient.post<Partial<BrandSettings>>(UPLOAD_PATHS[kind], form, {
    // Replaces the client's JSON default (which would turn FormData into JSON); the browser adds the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (event) => onProgress?.(progressPercent(event.loaded, event.total)),
  });
  return response.data;
}
