import type { KeywordRuleResult } from '@sms/contracts/keyword-rules';
import type { Role } from '@sms/contracts/roles';
import { wholeWordOf } from '@sms/contracts/replies';
import type { Executor } from '../../db/client.ts';
import type { InboundEventMessage } from '../../platform/domain-events.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { queueAutoReplies } from './keyword-rules.queries.ts';
import { answerFrom } from './answer-from.ts';
import { resultsOf, rulesFor } from './rule-matching.ts';
import { answerableContacts, claimApplications, patchContacts, saveResults, type ContactPatch } from './reply-rules.queries.ts';
import { listRules } from './rules.queries.ts';

/** A notify action's bell entry: one per reply and rule (`key`), for some users and/or roles. */
export interface RuleNotice {
  key: string;
  contactId: string;
  userIds: string[];
  roles: Role[];
  /** No phone number or name: the entry names the contact by its id only (subject), so erasing the contact leaves nothing here. */
  params: { name: string; rule: string; word: string };
}

/** Writes the rules' notices (the notifications module's, given by the composition root: it sits above this one). */
export type RuleNotifier = (tx: Executor, notices: RuleNotice[]) => Promise<void>;

/** An assign action on one reply: to a user, or with `userId` null to the team (round-robin). */
export interface RuleAssignment {
  inboundId: string;
  contactId: string;
  userId: string | null;
  rule: { id: string; name: string };
}

/**
 * Assigns the replies' conversations, in order, and answers one result per assignment (the
 * tickets module's, given by the composition root: it sits in this module's layer).
 */
export type RuleAssigner = (tx: Executor, assignments: RuleAssignment[]) => Promise<KeywordRuleResult[]>;

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Subscriber of the engine's `inbound.matched`, after the opt-out/opt-in/help keywords (decision
 * 104): the admin's keyword rules. Every enabled rule one of whose words a reply is applies, in
 * the rules' order and the replies' arrival order, in the transaction that records the replies;
 * an opt-out keyword applies none. Each (reply, rule) is claimed once in
 * keyword_rule_applications, so a batch processed again applies nothing twice. Tags and custom
 * fields (a later rule's value wins), automatic answers (queued like the keywords' answers, only
 * to contacts who may be sent messages now, after this batch's keywords), notices, assignments of
 * the conversation (the tickets', in order: a later rule's assignee wins). Set-based but for the
 * assignments (a few statements each): a few statements per batch whatever its size. Answers how
 * many answers it queued.
 */
export function applyReplyRules(deps: { notify: RuleNotifier; assign: RuleAssigner }) {
  return async (
    tx: Executor,
    event: { messages: InboundEventMessage[]; optedIn: string[] },
  ): Promise<{ queued: number; optedOut: string[]; optedIn: string[] }> => {
    const none = { queued: 0, optedOut: [], optedIn: [] };
    const senders = event.messages.filter((message) => message.contactId !== null && wholeWordOf(message.body) !== null);
    if (senders.length === 0) return none;
    const rules = await listRules(tx, { enabledOnly: true });
    if (rules.length === 0) return none;
    const settings = await getMessagingSettings(tx);
    const planned = senders.flatMap((message) =>
      rulesFor(message.body, rules, settings, message.contactOptedOut).rules.map((rule) => ({ message, rule })),
    );
    const claimed = await claimApplications(
      tx,
      planned.map(({ message, rule }) => ({
        inboundId: message.id,
        ruleId: rule.id,
        contactId: message.contactId ?? '',
        ruleName: rule.name,
        rulePosition: rule.position,
      })),
    );
    const fresh = planned.filter(({ message, rule }) => claimed.has(`${message.id}:${rule.id}`));
    if (fresh.length === 0) return none;
    const answerable = await answerableContacts(tx, [...new Set(fresh.map(({ message }) => message.contactId ?? ''))]);
    const patches = new Map<string, ContactPatch>();
    const answers: Parameters<typeof queueAutoReplies>[1] = [];
    const notices: RuleNotice[] = [];
    const saved: Array<{ inboundId: string; ruleId: string; results: KeywordRuleResult[] }> = [];
    // Each assignment's result goes in its application's results, at its action's place.
    const assignments: Array<RuleAssignment & { results: KeywordRuleResult[]; index: number }> = [];
    for (const { message, rule } of fresh) {
      const contactId = message.contactId ?? '';
      const canAnswer = answerable.has(contactId) && E164.test(message.fromPhone);
      const results = resultsOf(rule.actions, canAnswer);
      for (const [index, action] of rule.actions.entries()) {
        if (action.type === 'assign') {
          assignments.push({
            inboundId: message.id,
            contactId,
            userId: action.userId,
            rule: { id: rule.id, name: rule.name },
            results,
            index,
          });
        } else if (action.type === 'tag' || action.type === 'field') {
          const patch = patches.get(contactId) ?? { contactId, tag1: null, tag2: null, tag3: null, fields: {} };
          if (action.type === 'tag') patch[action.field] = action.value;
          else patch.fields[action.name] = action.value;
          patches.set(contactId, patch);
        } else if (action.type === 'answer' && canAnswer) {
          answers.push({
            contactId,
            gatewayId: message.gatewayId,
            phone: message.fromPhone,
            senderId: answerFrom(message),
            body: action.text,
          });
        } else if (action.type === 'notify') {
          notices.push({
            key: `keyword-rule:${message.id}:${rule.id}`,
            contactId,
            userIds: action.userIds,
            roles: action.roles,
            params: { name: rule.name, rule: rule.name, word: wholeWordOf(message.body) ?? '' },
          });
        }
      }
      saved.push({ inboundId: message.id, ruleId: rule.id, results });
    }
    const assigned = await deps.assign(
      tx,
      assignments.map(({ inboundId, contactId, userId, rule }) => ({ inboundId, contactId, userId, rule })),
    );
    for (const [i, { results, index }] of assignments.entries()) {
      const result = assigned[i];
      if (result) results[index] = result;
    }
    await patchContacts(tx, [...patches.values()]);
    const queued = await queueAutoReplies(tx, answers);
    if (notices.length > 0) await deps.notify(tx, notices);
    await saveResults(tx, saved);
    return { ...none, queued };
  };
}
