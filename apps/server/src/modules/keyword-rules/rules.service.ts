import {
  KEYWORD_RULE_LIMITS,
  type CreateKeywordRuleBody,
  type KeywordRuleAction,
  type TestKeywordRulesResponse,
  type UpdateKeywordRuleBody,
} from '@sms/contracts/keyword-rules';
import type { Db, Executor } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { resultsOf, rulesFor } from './rule-matching.ts';
import {
  countRules,
  deleteRuleRow,
  existingUsers,
  insertRule,
  listRules,
  setRuleOrder,
  updateRuleRow,
  type KeywordRuleRow,
} from './rules.queries.ts';

const audit = (tx: Executor, input: Command, action: string, subjectId: string | null, details: Record<string, unknown>) =>
  recordAudit(tx, { actor: input.actor, action, subject: 'Settings', subjectId, ip: input.ip, details });

/** 400 on `words` when one is an opt-out keyword: stopping messages is never anything else. */
async function checkWords(tx: Executor, words: string[] | undefined): Promise<void> {
  if (!words) return;
  const { optOutKeywords } = await getMessagingSettings(tx);
  const clash = words.find((word) => optOutKeywords.includes(word));
  if (clash) throw new ValidationError('words', `words: ${clash} is an opt-out keyword (Configurations, Messaging)`);
}

/**
 * The users among `ids` an assign action may name (active, may answer in the inbox: the tickets'
 * rule, given by the composition root), with their names.
 */
export type AssignableUsers = (db: Executor, ids: string[]) => Promise<Map<string, string>>;

/**
 * 400 on `actions.N.userIds` when a notify action names a user who does not exist, on
 * `actions.N.userId` when an assign action names one who may not be assigned a conversation.
 */
async function checkActions(tx: Executor, actions: KeywordRuleAction[] | undefined, assignable: AssignableUsers): Promise<void> {
  if (!actions) return;
  const named = actions.flatMap((action) => (action.type === 'notify' ? action.userIds : []));
  const known = await existingUsers(tx, [...new Set(named)]);
  const assignees = await assignable(tx, [
    ...new Set(actions.flatMap((action) => (action.type === 'assign' && action.userId ? [action.userId] : []))),
  ]);
  for (const [index, action] of actions.entries()) {
    if (action.type === 'notify' && action.userIds.some((id) => !known.has(id)))
      throw new ValidationError(`actions.${index}.userIds`, `actions.${index}.userIds names a user who does not exist`);
    if (action.type === 'assign' && action.userId !== null && !assignees.has(action.userId))
      throw new ValidationError(
        `actions.${index}.userId`,
        `actions.${index}.userId must be an active user who may answer in the inbox (or null: round-robin)`,
      );
  }
}

/** Creates a rule, applied after the others. */
export async function createRule(
  db: Db,
  input: Command & { body: CreateKeywordRuleBody; assignable: AssignableUsers },
): Promise<KeywordRuleRow> {
  return db.transaction(async (tx) => {
    await checkWords(tx, input.body.words);
    await checkActions(tx, input.body.actions, input.assignable);
    if ((await countRules(tx)) >= KEYWORD_RULE_LIMITS.rulesMax)
      throw new Conflict(`There may be at most ${KEYWORD_RULE_LIMITS.rulesMax} keyword rules`);
    const row = await insertRule(tx, { ...input.body, createdBy: input.actor.id });
    await audit(tx, input, 'keyword_rule.create', row.id, { name: row.name, words: row.words });
    return row;
  });
}

/** Changes a rule (enabling and disabling it too). */
export async function updateRule(
  db: Db,
  input: Command & { id: string; body: UpdateKeywordRuleBody; assignable: AssignableUsers },
): Promise<KeywordRuleRow> {
  return db.transaction(async (tx) => {
    await checkWords(tx, input.body.words);
    await checkActions(tx, input.body.actions, input.assignable);
    const row = await updateRuleRow(tx, input.id, input.body);
    if (!row) throw new NotFound('Keyword rule not found');
    await audit(tx, input, 'keyword_rule.update', row.id, { name: row.name, fields: Object.keys(input.body) });
    return row;
  });
}

/** Deletes a rule; the replies it applied to still show what it did. */
export async function deleteRule(db: Db, input: Command & { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteRuleRow(tx, input.id);
    if (!row) throw new NotFound('Keyword rule not found');
    await audit(tx, input, 'keyword_rule.delete', row.id, { name: row.name });
  });
}

/** Puts the rules in a new order: `ids` names every rule once. */
export async function reorderRules(db: Db, input: Command & { ids: string[] }): Promise<KeywordRuleRow[]> {
  return db.transaction(async (tx) => {
    const rules = await listRules(tx);
    const wanted = new Set(input.ids);
    if (wanted.size !== input.ids.length || wanted.size !== rules.length || rules.some((rule) => !wanted.has(rule.id)))
      throw new ValidationError('ids', 'ids must name every keyword rule once');
    await setRuleOrder(tx, input.ids);
    await audit(tx, input, 'keyword_rule.reorder', null, { ids: input.ids });
    return listRules(tx);
  });
}

/** What the enabled rules would do to a reply (nothing is written): the inbound processing's own matching. */
export async function testRules(
  db: Executor,
  input: { text: string; optedOut: boolean; assignable: AssignableUsers },
): Promise<TestKeywordRulesResponse> {
  const rules = await listRules(db, { enabledOnly: true });
  const settings = await getMessagingSettings(db);
  const { keyword, rules: applying } = rulesFor(input.text, rules, settings, input.optedOut);
  const named = applying.flatMap((rule) =>
    rule.actions.flatMap((action) => (action.type === 'assign' && action.userId ? [action.userId] : [])),
  );
  const assignable = await input.assignable(db, [...new Set(named)]);
  // The keywords run first: an opt-in keyword makes an opted-out sender answerable again.
  const canAnswer = !input.optedOut || keyword === 'optIn';
  return {
    keyword,
    applications: applying.map((rule) => ({
      ruleId: rule.id,
      ruleName: rule.name,
      results: resultsOf(rule.actions, canAnswer, assignable),
    })),
  };
}
