import type { Contact, ContactResponse, CreateContactBody } from '@sms/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** POST /api/contacts (409 CONTACT_EXISTS with existingId when the number is already stored). */
export const createContact = async (body: CreateContactBody): Promise<Contact> =>
  (await apiPost<ContactResponse>('/api/contacts', body)).contact;

/** Creates a contact, primes its detail query and refreshes the lists and tag values. */
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: async (contact) => {
      queryClient.setQueryData(contactsKeys.detail(contact.id), contact);
      await queryClient.invalidateQueries({ queryKey: contactsKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}
