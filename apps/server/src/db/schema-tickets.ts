import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Conversations as tickets (migration 0037, modules/tickets): one row per inbox conversation
 * (keyed by its contact, like inbox_conversations), written the first time something changes it;
 * a conversation without a row is open, unassigned and of normal priority. A snoozed one whose
 * time has passed reads as open (the queries compare with the database's now()).
 */
export const conversationStates = pgTable(
  'conversation_states',
  {
    contactId: uuid('contact_id').primaryKey(),
    status: text('status', { enum: ['open', 'pending', 'resolved', 'snoozed'] })
      .notNull()
      .default('open'),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    assigneeId: uuid('assignee_id'),
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'`),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] })
      .notNull()
      .default('normal'),
    /** When the current round of the conversation began (its first inbound, or the reply that reopened it). */
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversation_states_assignee_idx').on(table.assigneeId),
    index('conversation_states_labels_idx').using('gin', table.labels),
    check('conversation_states_status_check', sql`${table.status} in ('open', 'pending', 'resolved', 'snoozed')`),
    check('conversation_states_priority_check', sql`${table.priority} in ('low', 'normal', 'high', 'urgent')`),
    check('conversation_states_snooze_check', sql`(${table.status} = 'snoozed') = (${table.snoozedUntil} is not null)`),
  ],
);

/**
 * The history of a conversation: `opened` (a first inbound, or a reply that reopened a resolved
 * conversation), `status`, `assigned`, `labels`, `priority`; actor null when the system did it
 * (a reply reopening, round-robin). The tickets report reads response and resolution times from
 * it; the contact timeline may read it too.
 */
export const conversationEvents = pgTable(
  'conversation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contactId: uuid('contact_id').notNull(),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('conversation_events_contact_idx').on(table.contactId, table.at),
    index('conversation_events_kind_at_idx').on(table.kind, table.at),
  ],
);

/** Each agent's last automatic assignment: round-robin picks the available agent assigned longest ago. */
export const conversationAssignmentTurns = pgTable('conversation_assignment_turns', {
  userId: uuid('user_id').primaryKey(),
  lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }).notNull(),
});
