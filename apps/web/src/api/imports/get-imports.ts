import type { ImportList, ListImportsQuery } from '@sms/contracts/imports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { importsKeys } from './imports-keys';

/** GET /api/contacts/imports: one page of the import history, newest first. */
export const getImports = (query: ListImportsQuery, signal?: AbortSignal): Promise<ImportList> =>
  apiGet<ImportList>('/api/contacts/imports', { params: query, signal });

export const importsQueryOptions = (query: ListImportsQuery) =>
  queryOptions({
    queryKey: importsKeys.list(query),
    queryFn: ({ signal }) => getImports(query, signal),
    placeholderData: keepPreviousData,
    // Imports still running in the list update on their own.
    refetchInterval: (q) => (q.state.data?.data.some((row) => row.status === 'queued' || row.status === 'running') ? 2000 : false),
  });

/** One page of the import history. */
export const useImports = (query: ListImportsQuery) => useQuery(importsQueryOptions(query));
