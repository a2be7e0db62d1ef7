import { FINISHED_IMPORT_STATUSES, type ImportResponse, type ImportSummary } from '@sms/contracts/imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { importsKeys } from './imports-keys';

/** How often a queued or running import is polled for progress. */
export const IMPORT_POLL_MS = 700;

/** GET /api/contacts/imports/{id}. */
export const getImport = async (id: string, signal?: AbortSignal): Promise<ImportSummary> =>
  (await apiGet<ImportResponse>(`/api/contacts/imports/${encodeURIComponent(id)}`, { signal })).import;

/** Whether the import may still change (so it is worth polling). */
export const isImportActive = (summary: ImportSummary | undefined): boolean =>
  summary !== undefined && summary.status !== 'uploaded' && !FINISHED_IMPORT_STATUSES.includes(summary.status);

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importsKeys.detail(id),
    queryFn: ({ signal }) => getImport(id, signal),
    // Live progress: poll while the job is queued or running, then stop.
    refetchInterval: (query) => (isImportActive(query.state.data) ? IMPORT_POLL_MS : false),
    refetchIntervalInBackground: true,
  });

/** One import, polled while it runs. */
export const useImport = (id: string) => useQuery({ ...importQueryOptions(id), enabled: id !== '' });
