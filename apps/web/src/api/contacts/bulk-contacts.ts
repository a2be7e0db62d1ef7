import type { BulkActionBody, BulkActionResponse } from '@sms/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** POST /api/contacts/bulk: delete, set a tag, opt out or opt in the selection or everything matching a filter. */
export const bulkContacts = (body: BulkActionBody): Promise<BulkActionResponse> => apiPost<BulkActionResponse>('/api/contacts/bulk', body);

/** Runs a bulk action and refreshes every contacts query (lists, details, tag values). */
export function useBulkContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkContacts,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contactsKeys.all });
    },
  });
}
