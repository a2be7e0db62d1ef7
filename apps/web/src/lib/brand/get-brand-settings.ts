import { brandSettingsSchema, type BrandSettings } from '@sms/contracts/brand';
import { apiGet } from '../api-client';

/** GET /api/brand-settings (public): the whole brand, defaults filled in by the server. */
export async function getBrandSettings(): Promise<BrandSettings> {
  // Public: a stale stored token must not turn the brand load into a sign-out redirect.
  const body = await apiGet<unknown>('/api/brand-settings', { skipAuthRedirect: true });
  return brandSettingsSchema.parse(body);
}
