import type { CreateKeywordRuleBody, KeywordRule, KeywordRuleAction, KeywordRuleActionType } from '@sms/contracts/keyword-rules';
import type { ContactTagField } from '@sms/contracts/contacts';
import type { Role } from '@sms/contracts/roles';

/** One action as the form edits it: every type's fields, the chosen type's are sent. */
export interface ActionDraft {
  type: KeywordRuleActionType;
  field: ContactTagField;
  value: string;
  name: string;
  text: string;
  roles: Role[];
  userIds: string[];
  /** The assign action's person, or TEAM (round-robin). */
  userId: string;
}

/** The assign action's choice "the team": round-robin among available agents (sent as null). */
export const TEAM = 'team';

export interface RuleFormValues {
  name: string;
  /** Words as typed: separated by spaces or commas. */
  words: string;
  enabled: boolean;
  actions: ActionDraft[];
}

export const blankAction = (type: KeywordRuleActionType = 'tag'): ActionDraft => ({
  type,
  field: 'tag1',
  value: '',
  name: '',
  text: '',
  roles: [],
  userIds: [],
  userId: TEAM,
});

/** The form's values for a rule (or a new one). */
export function ruleFormValues(rule?: KeywordRule): RuleFormValues {
  if (!rule) return { name: '', words: '', enabled: true, actions: [blankAction()] };
  return {
    name: rule.name,
    words: rule.words.join(' '),
    enabled: rule.enabled,
    actions: rule.actions.map((action) =>
      action.type === 'assign' ? { ...blankAction('assign'), userId: action.userId ?? TEAM } : { ...blankAction(action.type), ...action },
    ),
  };
}

/** The words typed, split on spaces and commas. */
export const splitWords = (words: string): string[] => words.split(/[\s,]+/u).filter((word) => word !== '');

/** The API body of the form's values (the server checks and normalises them). */
export function ruleBody(values: RuleFormValues): CreateKeywordRuleBody {
  const actions = values.actions.map((draft): KeywordRuleAction => {
    switch (draft.type) {
      case 'tag':
        return { type: 'tag', field: draft.field, value: draft.value };
      case 'field':
        return { type: 'field', name: draft.name, value: draft.value };
      case 'answer':
        return { type: 'answer', text: draft.text };
      case 'notify':
        return { type: 'notify', roles: draft.roles, userIds: draft.userIds };
      case 'assign':
        return { type: 'assign', userId: draft.userId === TEAM ? null : draft.userId };
    }
  });
  return { name: values.name, words: splitWords(values.words), enabled: values.enabled, actions };
}
