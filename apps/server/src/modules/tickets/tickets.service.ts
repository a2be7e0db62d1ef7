import type { KeywordRuleResult } from '@sms/contracts/keyword-rules';
import { ROLES } from '@sms/contracts/roles';
import { roleCan } from '@sms/contracts/policy';
import type { TicketSettings, UpdateTicketBody, UserAvailability } from '@sms/contracts/tickets';
import type { Db, Executor } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { ValidationError } from '../../platform/errors.ts';
import { getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';
import {
  assignableUsers,
  assignRoundRobin,
  insertConversationEvent,
  isAssignable,
  isFuture,
  lockTicketState,
  openConversationsOnInbound,
  setAvailability,
  userNames,
  writeTicketState,
} from './tickets.queries.ts';

/** Roles that may answer in the inbox: who may be assigned a conversation (and who round-robin picks from). */
export const AGENT_ROLES = ROLES.filter((role) => roleCan(role, 'create', 'Inbox'));

/** The tickets settings (automatic assignment off unless an admin turned it on). */
export async function readTicketSettings(db: Executor): Promise<TicketSettings> {
  const stored = await getSetting<Partial<TicketSettings>>(db, SETTING_KEYS.tickets);
  return { autoAssign: stored?.autoAssign === true };
}

/** Saves the tickets settings (audited). */
export async function saveTicketSettings(db: Db, input: Command & { settings: TicketSettings }): Promise<TicketSettings> {
  await db.transaction(async (tx) => {
    await putSetting(tx, SETTING_KEYS.tickets, input.settings);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'tickets.settings_update',
      subject: 'Settings',
      ip: input.ip,
      details: input.settings,
    });
  });
  return input.settings;
}

/** The signed-in user's availability (audited: it decides who gets new conversations). */
export async function changeAvailability(db: Db, input: Command & { availability: UserAvailability }): Promise<void> {
  await db.transaction(async (tx) => {
    await setAvailability(tx, input.actor.id, input.availability);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'user.availability',
      subject: 'User',
      subjectId: input.actor.id,
      ip: input.ip,
      details: { availability: input.availability },
    });
  });
}

/**
 * Changes a conversation's status, assignee, labels and priority in one transaction: its state
 * row (made with the defaults the first time), one history entry per changed field, one audit
 * entry. 400 naming the field for an assignee who may not be assigned or a snooze in the past.
 */
export async function updateTicket(db: Db, input: Command & { contactId: string; body: UpdateTicketBody }): Promise<void> {
  const { body, contactId } = input;
  if (body.assigneeId && !(await isAssignable(db, body.assigneeId, AGENT_ROLES)))
    throw new ValidationError('assigneeId', 'assigneeId must be an active user who may answer in the inbox');
  if (body.snoozedUntil && !(await isFuture(db, body.snoozedUntil)))
    throw new ValidationError('snoozedUntil', 'snoozedUntil must be in the future');
  await db.transaction(async (tx) => {
    const before = await lockTicketState(tx, contactId);
    await writeTicketState(tx, contactId, {
      ...(body.status !== undefined ? { status: body.status } : {}),
      ...(body.snoozedUntil !== undefined ? { snoozedUntil: body.snoozedUntil } : {}),
      ...(body.assigneeId !== undefined ? { assigneeId: body.assigneeId } : {}),
      ...(body.labels !== undefined ? { labels: [...new Set(body.labels)] } : {}),
      ...(body.priority !== undefined ? { priority: body.priority } : {}),
    });
    const assigneeAfter = body.assigneeId !== undefined ? body.assigneeId : before.assigneeId;
    const event = (kind: string, details: Record<string, unknown>) =>
      insertConversationEvent(tx, { contactId, kind, actorId: input.actor.id, details });
    if (body.status !== undefined && (body.status !== before.status || body.status === 'snoozed'))
      await event('status', {
        from: before.status,
        to: body.status,
        assigneeId: assigneeAfter,
        ...(body.snoozedUntil ? { snoozedUntil: body.snoozedUntil } : {}),
      });
    if (body.assigneeId !== undefined && body.assigneeId !== before.assigneeId)
      await event('assigned', { from: before.assigneeId, to: body.assigneeId });
    if (body.labels !== undefined) await event('labels', { from: before.labels, to: [...new Set(body.labels)] });
    if (body.priority !== undefined && body.priority !== before.priority)
      await event('priority', { from: before.priority, to: body.priority });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'conversation.update',
      subject: 'Inbox',
      subjectId: contactId,
      ip: input.ip,
      details: { ...body },
    });
  });
}

/**
 * The subscriber of `inbound.processed` (composed in sending.ts): replies reach their
 * conversations (open, reopen, wake), and when automatic assignment is on, conversations that
 * opened or reopened without an assignee go to the next available agent.
 */
export async function conversationsOnInbound(tx: Executor, { ids }: { ids: string[] }): Promise<void> {
  if (ids.length === 0) return;
  const opened = await openConversationsOnInbound(tx, ids);
  if (opened.length === 0) return;
  if ((await readTicketSettings(tx)).autoAssign) await assignRoundRobin(tx, opened, AGENT_ROLES);
}

/** The users among `ids` a conversation may be assigned to (active, may answer in the inbox), with their names. */
export async function assignableAgents(db: Executor, ids: string[]): Promise<Map<string, string>> {
  return assignableUsers(db, ids, AGENT_ROLES);
}

/** A keyword rule's assign action on one reply (decision 104): to a user, or with `userId` null to the team (round-robin). */
export interface RuleAssignment {
  inboundId: string;
  contactId: string;
  userId: string | null;
  rule: { id: string; name: string };
}

/**
 * The keyword rules' assignments (handed to the rules by the composition root, sending.ts: both
 * modules sit in one layer), in the rules' transaction on `inbound.matched`, in order (a later one
 * wins). The replies first open or reopen their conversations as this module's `inbound.processed`
 * subscriber would, so the history reads "opened" then "assigned" and that subscriber, which runs
 * later and finds them open, does not round-robin them: the rule's assignee stands. A named user
 * must still be assignable; the team is round-robin (whatever the automatic assignment setting)
 * and leaves an assigned conversation to its assignee. Each change is a history entry without an
 * actor, naming the rule. A conversation this opened that no rule could assign gets what the
 * subscriber would have given it (round-robin when automatic assignment is on). Answers one
 * result per assignment, in order.
 */
export async function assignByRules(tx: Executor, assignments: RuleAssignment[]): Promise<KeywordRuleResult[]> {
  if (assignments.length === 0) return [];
  const opened = await openConversationsOnInbound(tx, [...new Set(assignments.map((a) => a.inboundId))]);
  const named = await assignableUsers(tx, [...new Set(assignments.flatMap((a) => (a.userId ? [a.userId] : [])))], AGENT_ROLES);
  const results: KeywordRuleResult[] = [];
  for (const assignment of assignments) {
    const { contactId, userId, rule } = assignment;
    const before = await lockTicketState(tx, contactId);
    if (userId !== null) {
      const name = named.get(userId);
      if (name === undefined) {
        results.push({ code: 'assign_unavailable', params: {} });
        continue;
      }
      if (before.assigneeId !== userId) {
        await writeTicketState(tx, contactId, { assigneeId: userId });
        await insertConversationEvent(tx, {
          contactId,
          kind: 'assigned',
          actorId: null,
          details: { from: before.assigneeId, to: userId, rule },
        });
      }
      results.push({ code: 'assigned', params: { userId, name } });
      continue;
    }
    const [picked] = before.assigneeId ? [] : await assignRoundRobin(tx, [contactId], AGENT_ROLES, { rule });
    const who = picked?.userId ?? before.assigneeId;
    const name = who ? ((await userNames(tx, [who])).get(who) ?? '') : '';
    if (picked) results.push({ code: 'assigned', params: { userId: picked.userId, name } });
    else if (before.assigneeId) results.push({ code: 'assign_kept', params: { name } });
    else results.push({ code: 'assign_no_agent', params: {} });
  }
  if (opened.length > 0 && (await readTicketSettings(tx)).autoAssign) await assignRoundRobin(tx, opened, AGENT_ROLES);
  return results;
}
