import type { TestKeywordRulesResponse } from '@sms/contracts/keyword-rules';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/keyword-rules/test: what the enabled rules would do to a reply (nothing is written). */
export const testKeywordRules = (body: { text: string; optedOut: boolean }): Promise<TestKeywordRulesResponse> =>
  apiPost<TestKeywordRulesResponse>('/api/keyword-rules/test', body);

/** The test box of the keyword rules screen. */
export const useTestKeywordRules = () => useMutation({ mutationFn: testKeywordRules });
