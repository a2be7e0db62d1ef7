import type { KeywordRule } from '@sms/contracts/keyword-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { keywordRulesKeys } from './keyword-rules-keys';

export interface KeywordRuleList {
  data: KeywordRule[];
  total: number;
}

/** GET /api/keyword-rules: every rule, in the order they apply. */
export const getKeywordRules = (signal?: AbortSignal): Promise<KeywordRuleList> =>
  apiGet<KeywordRuleList>('/api/keyword-rules', { signal });

export const keywordRulesQueryOptions = () =>
  queryOptions({ queryKey: keywordRulesKeys.list(), queryFn: ({ signal }) => getKeywordRules(signal) });

/** The keyword rules (Configurations, Keyword rules). */
export const useKeywordRules = () => useQuery(keywordRulesQueryOptions());
