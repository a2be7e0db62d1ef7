import { DEFAULT_BRAND_SETTINGS } from '@sms/contracts/brand';
import { describe, expect, it } from 'vitest';
import { parseCachedBrand } from './brand-cache';

describe('cached brand', () => {
  it('starts from the defaults when nothing usable is stored', () => {
    expect(parseCachedBrand(null)).toEqual(DEFAULT_BRAND_SETTINGS);
    expect(parseCachedBrand('{broken')).toEqual(DEFAULT_BRAND_SETTINGS);
    expect(parseCachedBrand(JSON.stringify({ appName: 'Only a name' }))).toEqual(DEFAULT_BRAND_SETTINGS);
  });

  it('starts from the last loaded brand', () => {
    const stored = {
      ...DEFAULT_BRAND_SETTINGS,
      appName: 'Acme SMS',
      primaryColor: '#E91E63',
      logoUrl: '/api/brand-assets/x.png',
      logoPath: '/api/brand-assets/x.png',
    };
    expect(parseCachedBrand(JSON.stringify(stored))).toEqual(stored);
  });
});
