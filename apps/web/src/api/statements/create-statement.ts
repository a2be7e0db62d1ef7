import type { CreateStatementBody, Statement } from '@sms/contracts/statements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { statementsKeys } from './statements-keys';

/** POST /api/statements: keeps a month's statement for a scope (409 STATEMENT_EXISTS names the one kept). */
export const createStatement = async (body: CreateStatementBody): Promise<Statement> =>
  (await apiPost<{ statement: Statement }>('/api/statements', body)).statement;

/** Keeps a statement and refreshes the list. */
export function useCreateStatement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createStatement, onSuccess: () => queryClient.invalidateQueries({ queryKey: statementsKeys.all }) });
}
