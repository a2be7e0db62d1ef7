import { useContext } from 'react';
import { BrandContext, type BrandValue } from './brand-context';

/** The brand: settings, loading, error, reload, update, uploads, removeAsset, reset. */
export function useBrand(): BrandValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('useBrand must be used within BrandProvider');
  return value;
}
