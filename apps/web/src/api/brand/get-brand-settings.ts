import type { BrandSettings } from '@sms/contracts/brand';
import { readBrandSettings } from '@sms/contracts/brand-defaults';
import { apiGet } from '../../lib/api-client';

/** GET /api/brand-settings (public): the whole brand, defaults filled in by the server. */
export async function getBrandSettings(): Promise<BrandSettings> {
  // Public: a stale stored token must not turn the brand load into a sign-out redirect.
  const body = await apiGet<unknown>('/api/brand-settings', { skipAuthRedirect: true });
  const brand = readBrandSettings(body);
  if (!brand) throw new Error('The server answered a brand that is not whole.');
  return brand;
}
