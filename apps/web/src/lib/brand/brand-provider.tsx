import type { BrandAssetKind, BrandSettings, BrandUpdate } from '@sms/contracts/brand';
import { sameBrandSettings } from '@sms/contracts/brand-defaults';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../api-client';
import { readCachedBrand, writeCachedBrand } from './brand-cache';
import { BrandContext, BrandStatusContext, type BrandValue, type ProgressHandler } from './brand-context';
import { createBrandStatusStore } from './brand-status';
import { useBrandDocument } from './use-brand-document';
import { getBrandSettings } from '../../api/brand/get-brand-settings';
import { resetBrandSettings } from '../../api/brand/reset-brand-settings';
import { updateBrandSettings } from '../../api/brand/update-brand-settings';
import { uploadBrandAsset } from '../../api/brand/upload-brand-asset';

/** The settings field that removes each image when sent as null. */
export const ASSET_PATH_FIELD = {
  logo: 'logoPath',
  favicon: 'faviconPath',
  loginBackground: 'loginBackgroundPath',
} as const satisfies Record<BrandAssetKind, keyof BrandSettings>;

/**
 * Loads the brand once at start (public: the sign-in pages need it too) and keeps it for the
 * whole app; the favicon and description of the page follow it.
 */
export function BrandProvider({ children, initial }: { children: ReactNode; initial?: BrandSettings | undefined }) {
  // A page the server rendered starts from the brand it was rendered with (hydration must find the same).
  const [settings, setSettings] = useState<BrandSettings>(() => initial ?? readCachedBrand());
  const [status] = useState(createBrandStatusStore);
  // Only the latest load may write (a slow earlier answer must not overwrite a newer one).
  const latestLoad = useRef(0);

  // The server's brand usually equals the cached one the page started with: keep that object then,
  // so nothing re-renders (a new theme would restyle the whole page in one long task).
  const replace = useCallback((next: BrandSettings) => {
    setSettings((current) => (sameBrandSettings(current, next) ? current : next));
    writeCachedBrand(next);
  }, []);

  const merge = useCallback((changes: Partial<BrandSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...changes };
      writeCachedBrand(next);
      return next;
    });
  }, []);

  const reload = useCallback(async () => {
    const id = ++latestLoad.current;
    status.set({ loading: true });
    try {
      const loaded = await getBrandSettings();
      if (id !== latestLoad.current) return;
      replace(loaded);
      status.set({ error: null });
    } catch (failure) {
      if (id === latestLoad.current) status.set({ error: errorMessage(failure) });
    } finally {
      if (id === latestLoad.current) status.set({ loading: false });
    }
  }, [replace, status]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const update = useCallback(
    async (changes: BrandUpdate) => {
      const answer = await updateBrandSettings(changes);
      merge(answer);
      return answer;
    },
    [merge],
  );

  // After an upload or removal the answer applies at once, and a reload confirms the whole brand.
  const upload = useCallback(
    async (kind: BrandAssetKind, file: File, onProgress?: ProgressHandler, fields?: Record<string, number | undefined>) => {
      merge(await uploadBrandAsset(kind, file, { onProgress, fields }));
      await reload();
    },
    [merge, reload],
  );

  const removeAsset = useCallback(
    async (kind: BrandAssetKind) => {
      merge(await updateBrandSettings({ [ASSET_PATH_FIELD[kind]]: null }));
      await reload();
    },
    [merge, reload],
  );

  const reset = useCallback(async () => {
    const defaults = await resetBrandSettings();
    latestLoad.current += 1; // a load still in flight predates the reset
    replace(defaults);
    status.set({ loading: false, error: null });
    return defaults;
  }, [replace, status]);

  useBrandDocument(settings);

  const value = useMemo<BrandValue>(
    () => ({
      settings,
      reload,
      update,
      uploadLogo: (file, width, height, onProgress) => upload('logo', file, onProgress, { logoWidth: width, logoHeight: height }),
      uploadFavicon: (file, onProgress) => upload('favicon', file, onProgress),
      uploadLoginBackground: (file, onProgress) => upload('loginBackground', file, onProgress),
      removeAsset,
      reset,
    }),
    [settings, reload, update, upload, removeAsset, reset],
  );
  return (
    <BrandContext value={value}>
      <BrandStatusContext value={status}>{children}</BrandStatusContext>
    </BrandContext>
  );
}
