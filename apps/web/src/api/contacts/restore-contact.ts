import type { ContactResponse } from '@sms/contracts/contacts';
import { apiPost } from '../../lib/api-client';

/** POST /api/contacts/{id}/restore: one deleted contact back from the trash. */
export const restoreContact = (id: string): Promise<ContactResponse> =>
  apiPost<ContactResponse>(`/api/contacts/${encodeURIComponent(id)}/restore`);
