import type { BrandAssetKind, BrandSettings, BrandUpdate, BrandUpdateResponse } from '@sms/contracts/brand';
import { createContext } from 'react';

/** Reports upload progress in whole percent. */
export type ProgressHandler = (percent: number) => void;

/** What useBrand() returns. */
export interface BrandValue {
  /** The brand in use: the server's, else (before it loads or when loading fails) the defaults. */
  settings: BrandSettings;
  /** True while the settings are being loaded. */
  loading: boolean;
  /** The message of the last failed load (null once a load succeeds). */
  error: string | null;
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

export const BrandContext = createContext<BrandValue | null>(null);
