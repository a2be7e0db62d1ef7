import { useContext, useSyncExternalStore } from 'react';
import { BrandContext, BrandStatusContext, type BrandStatus, type BrandValue } from './brand-context';

/** The brand: settings, reload, update, uploads, removeAsset, reset. */
export function useBrand(): BrandValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('useBrand must be used within BrandProvider');
  return value;
}

/** How the brand's latest load went (loading, error): only the screens that show it read it. */
export function useBrandStatus(): BrandStatus {
  const store = useContext(BrandStatusContext);
  if (!store) throw new Error('useBrandStatus must be used within BrandProvider');
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
