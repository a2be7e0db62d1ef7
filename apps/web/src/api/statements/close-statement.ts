import type { Statement } from '@sms/contracts/statements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { statementsKeys } from './statements-keys';

/** POST /api/statements/{id}/close: freezes an ended month's lines. */
export const closeStatement = async (id: string): Promise<Statement> =>
  (await apiPost<{ statement: Statement }>(`/api/statements/${encodeURIComponent(id)}/close`, {})).statement;

/** Closes a statement and refreshes the list and the detail. */
export function useCloseStatement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeStatement, onSuccess: () => queryClient.invalidateQueries({ queryKey: statementsKeys.all }) });
}
