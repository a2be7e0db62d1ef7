import type { ListImportsQuery } from '@sms/contracts/imports';

/** Query keys of the imports feature; invalidating `importsKeys.all` refreshes the history and every import. */
export const importsKeys = {
  all: ['imports'] as const,
  lists: () => [...importsKeys.all, 'list'] as const,
  list: (query: ListImportsQuery) => [...importsKeys.lists(), query] as const,
  detail: (id: string) => [...importsKeys.all, 'detail', id] as const,
  preview: (id: string, sheet: string | null) => [...importsKeys.all, 'preview', id, sheet ?? ''] as const,
};
