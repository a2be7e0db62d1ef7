import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// The e-mail log and the team (migration 0040, decision 103). Rows point at users.id without a
// foreign key, as schema-account-security.ts does (users are soft-deleted; no import cycle).

/**
 * Every e-mail the product sent or tried: one row per e-mail, `attempts` counting its tries (an
 * e-mail tried again carries the same `ref`). Bodies only for kinds that hold no secret.
 */
export const emailLog = pgTable(
  'email_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    ref: text('ref'),
    recipient: text('recipient').notNull(),
    userId: uuid('user_id'),
    subject: text('subject').notNull(),
    body: text('body'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    smtpResponse: text('smtp_response'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('email_log_kind_ref_unique')
      .on(table.kind, table.ref)
      .where(sql`${table.ref} is not null`),
    index('email_log_created_idx').on(table.createdAt.desc()),
    index('email_log_recipient_idx').on(sql`lower(${table.recipient})`),
    check('email_log_status_check', sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Invitations to the team: the account is created when the person accepts. Only the token's sha256 is kept. */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'manager', 'agent', 'viewer'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_invitations_token_unique').on(table.tokenHash),
    uniqueIndex('user_invitations_open_email_unique')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    check('user_invitations_role_check', sql`${table.role} in ('admin', 'manager', 'agent', 'viewer')`),
  ],
);

/** When each signed-in user was last active (written at most once a minute per user). */
export const userPresence = pgTable('user_presence', {
  userId: uuid('user_id').primaryKey(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});
