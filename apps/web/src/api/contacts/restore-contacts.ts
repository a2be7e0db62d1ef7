import type { RestoreContactsResponse } from '@sms/contracts/contacts-trash';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';
import { restoreContact } from './restore-contact';

/** POST /api/contacts/trash/restore: several deleted contacts back from the trash. */
export const restoreContacts = (ids: string[]): Promise<RestoreContactsResponse> =>
  apiPost<RestoreContactsResponse>('/api/contacts/trash/restore', { ids });

/** Restores contacts (one by its own call, several at once) and refreshes every contacts query (the lists and the trash). */
export function useRestoreContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]): Promise<number> => {
      if (ids.length === 1 && ids[0]) {
        await restoreContact(ids[0]);
        return 1;
      }
      return (await restoreContacts(ids)).restored;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contactsKeys.all });
    },
  });
}
