import type { ImportResponse, ImportSummary } from '@sms/contracts/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { importsKeys } from './imports-keys';

/** POST /api/contacts/imports/{id}/cancel: the job stops after its current batch. */
export const cancelImport = async (id: string): Promise<ImportSummary> =>
  (await apiPost<ImportResponse>(`/api/contacts/imports/${encodeURIComponent(id)}/cancel`)).import;

/** Asks a running import to stop; polling shows when it has. */
export function useCancelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelImport,
    onSuccess: async (summary) => {
      queryClient.setQueryData(importsKeys.detail(summary.id), summary);
      await queryClient.invalidateQueries({ queryKey: importsKeys.detail(summary.id) });
    },
  });
}
