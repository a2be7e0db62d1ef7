import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** DELETE /api/contacts/{id}. */
export const deleteContact = (id: string): Promise<void> => apiDelete(`/api/contacts/${encodeURIComponent(id)}`);

/** Deletes a contact, forgets its detail query and refreshes the lists. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: contactsKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: contactsKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}
