import type { BrandUpdate, BrandUpdateResponse } from '@sms/contracts/brand';
import { apiPut } from '../../lib/api-client';

/** PUT /api/brand-settings with the changed fields only; answers those fields (admins). */
export const updateBrandSettings = (changes: BrandUpdate): Promise<BrandUpdateResponse> =>
  apiPut<BrandUpdateResponse>('/api/brand-settings', changes);
