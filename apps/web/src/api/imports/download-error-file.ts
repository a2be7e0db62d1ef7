import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download';

/** The error file's address for an import (the summary's errorsUrl when the API gives one). */
export const errorFileUrl = (id: string, errorsUrl?: string | null): string =>
  errorsUrl ?? `/api/contacts/imports/${encodeURIComponent(id)}/errors.csv`;

/** GET /api/contacts/imports/{id}/errors.csv: saves the rejected rows (row number, raw value, reason). */
export function useDownloadErrorFile() {
  return useMutation({
    mutationFn: ({ id, errorsUrl }: { id: string; errorsUrl?: string | null }) =>
      downloadFile(errorFileUrl(id, errorsUrl), `import-${id}-errors.csv`),
  });
}
