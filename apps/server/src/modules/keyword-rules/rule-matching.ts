import type { KeywordRuleAction, KeywordRuleResult } from '@sms/contracts/keyword-rules';
import type { KeywordSettings } from '@sms/contracts/messaging-settings';
import { keywordOf, wholeWordOf, type KeywordKind } from '@sms/contracts/replies';

/** What matching needs of a rule. */
export interface MatchableRule {
  id: string;
  name: string;
  words: string[];
  actions: KeywordRuleAction[];
}

/**
 * The rules (enabled ones, in their order) a reply triggers: every rule one of whose words the
 * reply is, read as keywords are read (the whole message, one word). An opt-out keyword triggers
 * none: stopping messages is never anything else. Also answers the keyword the reply is.
 */
export function rulesFor<R extends MatchableRule>(
  text: string,
  rules: readonly R[],
  settings: Pick<KeywordSettings, 'optOutKeywords' | 'optInKeywords' | 'helpKeywords'>,
  optedOut: boolean,
): { keyword: KeywordKind | null; rules: R[] } {
  const keyword = keywordOf(text, settings, optedOut);
  const word = wholeWordOf(text);
  if (keyword === 'optOut' || word === null) return { keyword, rules: [] };
  return { keyword, rules: rules.filter((rule) => rule.words.includes(word)) };
}

/**
 * What a rule's actions do, as codes with parameters (the inbox translates them). `canAnswer`:
 * the sender may be answered (an opted-out contact never is, except the opt-out confirmation).
 * `assignable`: the users who may be assigned, by id, with their names (an assign action's
 * result as the test box shows it; the engine replaces it with what the assignment did).
 */
export function resultsOf(
  actions: readonly KeywordRuleAction[],
  canAnswer: boolean,
  assignable: ReadonlyMap<string, string> = new Map(),
): KeywordRuleResult[] {
  return actions.map((action): KeywordRuleResult => {
    switch (action.type) {
      case 'tag':
        return { code: 'tagged', params: { field: action.field, value: action.value } };
      case 'field':
        return { code: 'field_set', params: { name: action.name, value: action.value } };
      case 'answer':
        return { code: canAnswer ? 'answered' : 'answer_skipped', params: {} };
      case 'notify':
        return { code: 'notified', params: {} };
      case 'assign': {
        if (action.userId === null) return { code: 'assigned_team', params: {} };
        const name = assignable.get(action.userId);
        return name === undefined
          ? { code: 'assign_unavailable', params: {} }
          : { code: 'assigned', params: { userId: action.userId, name } };
      }
    }
  });
}
