import type { ImportResponse, ImportSummary, StartImportBody } from '@sms/contracts/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { importsKeys } from './imports-keys';

/** POST /api/contacts/imports/{id}/start with the mapping and options: queues the job (202). */
export const startImport = async ({ id, body }: { id: string; body: StartImportBody }): Promise<ImportSummary> =>
  (await apiPost<ImportResponse>(`/api/contacts/imports/${encodeURIComponent(id)}/start`, body)).import;

/** Starts an import; the progress step then polls it. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: async (summary) => {
      queryClient.setQueryData(importsKeys.detail(summary.id), summary);
      await queryClient.invalidateQueries({ queryKey: importsKeys.lists() });
    },
  });
}
