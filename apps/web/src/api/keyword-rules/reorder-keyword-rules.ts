import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import type { KeywordRuleList } from './get-keyword-rules';
import { keywordRulesKeys } from './keyword-rules-keys';

/** PUT /api/keyword-rules/order: every rule's id in the new order. */
export const reorderKeywordRules = (ids: string[]): Promise<KeywordRuleList> =>
  apiPut<KeywordRuleList>('/api/keyword-rules/order', { ids });

/** Puts the rules in a new order; the answer is the list as it now stands. */
export function useReorderKeywordRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderKeywordRules,
    onSuccess: (list) => {
      queryClient.setQueryData(keywordRulesKeys.list(), list);
      return queryClient.invalidateQueries({ queryKey: keywordRulesKeys.all });
    },
  });
}
