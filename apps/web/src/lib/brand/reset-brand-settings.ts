import { brandSettingsSchema, type BrandSettings } from '@sms/contracts/brand';
import { apiPost } from '../api-client';

/** POST /api/brand-settings/reset: removes every brand image; answers the full default settings (admins). */
export async function resetBrandSettings(): Promise<BrandSettings> {
  return brandSettingsSchema.parse(await apiPost<unknown>('/api/brand-settings/reset'));
}
