import type { EraseContactResponse } from '@sms/contracts/data-lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** POST /api/contacts/{id}/erase (admins and managers): right to erasure. */
export const eraseContact = (id: string): Promise<EraseContactResponse> =>
  apiPost<EraseContactResponse>(`/api/contacts/${encodeURIComponent(id)}/erase`);

/** Erases a contact, forgets its detail query and refreshes the lists. */
export function useEraseContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseContact,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: contactsKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: contactsKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}
