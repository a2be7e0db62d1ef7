import type { CampaignStatusReason } from '@sms/contracts/campaign-status-reason';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Notifications (migration 0025), one row per user and event, made by the worker's sweep
 * (modules/notifications). `eventKey` is unique per user: sweeps never notify twice, and replies
 * to one campaign share one row that counts them (reopened once read).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    subjectId: text('subject_id'),
    params: jsonb('params').$type<Record<string, string | number | null>>().notNull().default({}),
    reason: jsonb('reason').$type<CampaignStatusReason>(),
    count: integer('count').notNull().default(1),
    inApp: boolean('in_app').notNull().default(true),
    emailState: text('email_state', { enum: ['pending', 'sent'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_user_event_unique').on(table.userId, table.eventKey),
    index('notifications_user_updated_idx').on(table.userId, table.updatedAt.desc()),
    index('notifications_email_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.emailState} = 'pending'`),
    check(
      'notifications_kind_check',
      sql`${table.kind} in ('import_completed', 'import_failed', 'campaign_completed', 'campaign_paused', 'gateway_disconnected', 'replies', 'campaign_approval_requested', 'campaign_approval_rejected', 'campaign_approved', 'note_mention', 'keyword_rule', 'budget_warning')`,
    ),
    check('notifications_email_state_check', sql`${table.emailState} is null or ${table.emailState} in ('pending', 'sent')`),
  ],
);

/** Which notification kinds a user wants, in the app and/or by e-mail: `{ kind: { inApp, email } }`. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id').primaryKey(),
  kinds: jsonb('kinds').$type<Record<string, { inApp: boolean; email: boolean }>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sweep's progress, one row: the last inbound message counted and when it last looked. */
export const notificationSweep = pgTable(
  'notification_sweep',
  {
    id: smallint('id').primaryKey().default(1),
    lastInboundId: bigint('last_inbound_id', { mode: 'number' }).notNull().default(0),
    sweptAt: timestamp('swept_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('notification_sweep_one_row', sql`${table.id} = 1`)],
);
