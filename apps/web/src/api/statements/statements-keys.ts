/** Query keys of the statements; a statement kept, closed or adjusted invalidates `statementsKeys.all` (list and detail). */
export const statementsKeys = {
  all: ['statements'] as const,
  list: (page: { limit: number; skip: number }) => [...statementsKeys.all, 'list', page] as const,
  detail: (id: string) => [...statementsKeys.all, 'detail', id] as const,
};
