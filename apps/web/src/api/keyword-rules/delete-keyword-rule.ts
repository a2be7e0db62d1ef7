import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { keywordRulesKeys } from './keyword-rules-keys';

/** DELETE /api/keyword-rules/{id}. */
export const deleteKeywordRule = (id: string): Promise<void> => apiDelete(`/api/keyword-rules/${encodeURIComponent(id)}`);

/** Deletes a rule and refreshes the list. */
export function useDeleteKeywordRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKeywordRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keywordRulesKeys.all }),
  });
}
