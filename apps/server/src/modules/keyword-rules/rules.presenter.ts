import type { KeywordRule } from '@sms/contracts/keyword-rules';
import type { KeywordRuleRow } from './rules.queries.ts';

/** Maps a rule row to the API's KeywordRule. */
export function presentRule(row: KeywordRuleRow): KeywordRule {
  return {
    id: row.id,
    name: row.name,
    words: row.words,
    actions: row.actions,
    enabled: row.enabled,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
