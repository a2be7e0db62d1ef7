import type { Contact, ContactResponse } from '@sms/contracts/contacts';
import { apiGet } from '../../../lib/api-client';

/** GET /api/contacts/{id}: every field a quick reply's merge fields may read (tags, custom fields). */
export const getContact = async (id: string): Promise<Contact> =>
  (await apiGet<ContactResponse>(`/api/contacts/${encodeURIComponent(id)}`)).contact;
