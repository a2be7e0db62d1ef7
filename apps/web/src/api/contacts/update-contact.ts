import type { Contact, ContactResponse, UpdateContactBody } from '@sms/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** PUT /api/contacts/{id} with only the changed fields. */
export const updateContact = async ({ id, body }: { id: string; body: UpdateContactBody }): Promise<Contact> =>
  (await apiPut<ContactResponse>(`/api/contacts/${encodeURIComponent(id)}`, body)).contact;

/** Updates a contact and refreshes the lists and tag values. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: async (contact) => {
      queryClient.setQueryData(contactsKeys.detail(contact.id), contact);
      await queryClient.invalidateQueries({ queryKey: contactsKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}
