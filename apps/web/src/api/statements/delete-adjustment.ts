import type { Statement } from '@sms/contracts/statements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { statementsKeys } from './statements-keys';

/** DELETE /api/statements/{id}/adjustments/{adjustmentId}. */
export const deleteAdjustment = async ({ statementId, adjustmentId }: { statementId: string; adjustmentId: string }): Promise<Statement> =>
  (
    await apiDelete<{ statement: Statement }>(
      `/api/statements/${encodeURIComponent(statementId)}/adjustments/${encodeURIComponent(adjustmentId)}`,
    )
  ).statement;

/** Removes an adjustment and refreshes the statement and the list. */
export function useDeleteAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAdjustment, onSuccess: () => queryClient.invalidateQueries({ queryKey: statementsKeys.all }) });
}
