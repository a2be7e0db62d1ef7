import type { AdjustmentBody, Statement } from '@sms/contracts/statements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '../../lib/api-client';
import { statementsKeys } from './statements-keys';

/** POST /api/statements/{id}/adjustments, or PUT .../adjustments/{adjustmentId} when one is given. */
export const saveAdjustment = async ({
  statementId,
  adjustmentId,
  body,
}: {
  statementId: string;
  adjustmentId?: string;
  body: AdjustmentBody;
}): Promise<Statement> => {
  const base = `/api/statements/${encodeURIComponent(statementId)}/adjustments`;
  return (
    adjustmentId
      ? await apiPut<{ statement: Statement }>(`${base}/${encodeURIComponent(adjustmentId)}`, body)
      : await apiPost<{ statement: Statement }>(base, body)
  ).statement;
};

/** Adds or changes an adjustment and refreshes the statement and the list. */
export function useSaveAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAdjustment, onSuccess: () => queryClient.invalidateQueries({ queryKey: statementsKeys.all }) });
}
