import type { BrandSettings } from '@sms/contracts/brand';
import { DEFAULT_BRAND_SETTINGS, readBrandSettings } from '@sms/contracts/brand-defaults';

/** localStorage key of the last brand the server answered. */
export const BRAND_CACHE_KEY = 'brand';

/**
 * The brand to start with: the last one loaded (so a customised brand does not flash the
 * defaults on every page load), else the contract defaults. The server's answer replaces it.
 */
export function parseCachedBrand(raw: string | null | undefined): BrandSettings {
  if (!raw) return DEFAULT_BRAND_SETTINGS;
  try {
    return readBrandSettings(JSON.parse(raw)) ?? DEFAULT_BRAND_SETTINGS;
  } catch {
    return DEFAULT_BRAND_SETTINGS;
  }
}

/** The cached brand, or the defaults when storage is empty, unreadable or blocked. */
export function readCachedBrand(): BrandSettings {
  try {
    return parseCachedBrand(window.localStorage.getItem(BRAND_CACHE_KEY));
  } catch {
    return DEFAULT_BRAND_SETTINGS;
  }
}

/** Remembers the brand for the next start. */
export function writeCachedBrand(settings: BrandSettings): void {
  try {
    window.localStorage.setItem(BRAND_CACHE_KEY, JSON.stringify(settings));
  } catch {
    // storage full or blocked: the next start shows the defaults until the brand loads
  }
}
