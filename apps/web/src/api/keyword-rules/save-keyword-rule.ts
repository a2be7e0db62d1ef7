import type { CreateKeywordRuleBody, KeywordRule, UpdateKeywordRuleBody } from '@sms/contracts/keyword-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '../../lib/api-client';
import { keywordRulesKeys } from './keyword-rules-keys';

/** POST /api/keyword-rules, or PUT /api/keyword-rules/{id} when an id is given (enabling and disabling too). */
export const saveKeywordRule = async ({
  id,
  body,
}: {
  id?: string;
  body: CreateKeywordRuleBody | UpdateKeywordRuleBody;
}): Promise<KeywordRule> =>
  (id
    ? await apiPut<{ rule: KeywordRule }>(`/api/keyword-rules/${encodeURIComponent(id)}`, body)
    : await apiPost<{ rule: KeywordRule }>('/api/keyword-rules', body)
  ).rule;

/** Saves a rule and refreshes the list. */
export function useSaveKeywordRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveKeywordRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keywordRulesKeys.all }),
  });
}
