import type { Contact, ContactResponse } from '@sms/contracts/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** GET /api/contacts/{id}. */
export const getContact = async (id: string, signal?: AbortSignal): Promise<Contact> =>
  (await apiGet<ContactResponse>(`/api/contacts/${encodeURIComponent(id)}`, { signal })).contact;

export const contactQueryOptions = (id: string) =>
  queryOptions({ queryKey: contactsKeys.detail(id), queryFn: ({ signal }) => getContact(id, signal) });

/** One contact, for the detail and edit pages. */
export const useContact = (id: string) => useQuery(contactQueryOptions(id));
