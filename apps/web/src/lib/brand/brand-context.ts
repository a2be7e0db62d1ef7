import type { BrandAssetKind, BrandSettings, BrandUpdate, BrandUpdateResponse } from '@sms/contracts/brand';
import { createContext } from 'react';
import type { BrandStatusStore } from './brand-status';

/** Reports upload progress in whole percent. */
export type ProgressHandler = (percent: number) => void;

/**
 * What useBrand() returns: the brand and what changes it. Its load's progress is apart
 * (`BrandStatus`): the whole app reads the brand, and a load that ends without changing it must
 * not re-render every reader (on a first visit that was one long task right after hydration).
 */
export interface BrandValue {
  /** The brand in use: the server's, else (before it loads or when loading fails) the defaults. */
  settings: BrandSettings;
  /** Loads the settings again from the server. */
  reload: () => Promise<void>;
  /** PUT the given fields (admins); the answer is merged into the settings. */
  update: (changes: BrandUpdate) => Promise<BrandUpdateResponse>;
  /** Uploads the logo, optionally with its display size, then reloads. */
  uploadLogo: (file: File, width?: number, height?: number, onProgress?: ProgressHandler) => Promise<void>;
  /** Uploads the favicon, then reloads. */
  uploadFavicon: (file: File, onProgress?: ProgressHandler) => Promise<void>;
  /** Uploads the split login page's background, then reloads. */
  uploadLoginBackground: (file: File, onProgress?: ProgressHandler) => Promise<void>;
  /** Removes an image (sends its path as null), then reloads. */
  removeAsset: (kind: BrandAssetKind) => Promise<void>;
  /** Back to the defaults: the server's answer replaces every setting. */
  reset: () => Promise<BrandSettings>;
}

/** What useBrandStatus() returns: how the latest load of the brand went. */
export interface BrandStatus {
  /** True while the settings are being loaded. */
  loading: boolean;
  /** The message of the last failed load (null once a load succeeds). */
  error: string | null;
}

export const BrandContext = createContext<BrandValue | null>(null);
/** The load's status as a store (brand-status.ts): its value never changes, so no reader re-renders through it. */
export const BrandStatusContext = createContext<BrandStatusStore | null>(null);
