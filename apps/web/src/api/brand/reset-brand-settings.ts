import type { BrandSettings } from '@sms/contracts/brand';
import { apiPost } from '../../lib/api-client';

/**
 * POST /api/brand-settings/reset: removes every brand image; answers the full default settings (admins).
 * The schema (and zod) loads with the call: the brand provider is on every first page (decision 064).
 */
export async function resetBrandSettings(): Promise<BrandSettings> {
  const [{ brandSettingsSchema }, answer] = await Promise.all([
    import('@sms/contracts/brand'),
    apiPost<unknown>('/api/brand-settings/reset'),
  ]);
  return brandSettingsSchema.parse(answer);
}
