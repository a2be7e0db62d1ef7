import type { ImportPreview } from '@sms/contracts/imports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { importsKeys } from './imports-keys';

/** GET /api/contacts/imports/{id}/preview?sheet=: the first rows and detected mapping (XLSX: of that sheet). */
export const getImportPreview = (id: string, sheet: string | null, signal?: AbortSignal): Promise<ImportPreview> =>
  apiGet<ImportPreview>(`/api/contacts/imports/${encodeURIComponent(id)}/preview`, { params: sheet ? { sheet } : {}, signal });

export const importPreviewQueryOptions = (id: string, sheet: string | null) =>
  queryOptions({
    queryKey: importsKeys.preview(id, sheet),
    queryFn: ({ signal }) => getImportPreview(id, sheet, signal),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

/** The preview of an uploaded file for the mapping step. */
export const useImportPreview = (id: string, sheet: string | null, enabled = true) =>
  useQuery({ ...importPreviewQueryOptions(id, sheet), enabled });
