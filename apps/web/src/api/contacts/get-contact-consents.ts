import type { ConsentRecord } from '@sms/contracts/public-site';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** GET /api/contacts/{id}/consents: the contact's consent history, newest first. */
export const getContactConsents = async (id: string, signal?: AbortSignal): Promise<ConsentRecord[]> =>
  (await apiGet<{ data: ConsentRecord[] }>(`/api/contacts/${encodeURIComponent(id)}/consents`, { signal })).data;

export const useContactConsents = (id: string) =>
  useQuery({ queryKey: [...contactsKeys.detail(id), 'consents'], queryFn: ({ signal }) => getContactConsents(id, signal) });
