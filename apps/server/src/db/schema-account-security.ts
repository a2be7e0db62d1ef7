import { sql } from 'drizzle-orm';

// Rows point at users.id without a foreign key: users are never hard-deleted (soft delete), and
// this file stays free of an import cycle with schema.ts, which re-exports it.
import { bigint, check, customType, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Buffer (PGlite hands back a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Password reset links. Only the sha256 of the link's token is stored; a link works once
 * (used_at) until expires_at, and a newer link of the same user replaces the older ones.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * Counted events for throttles other than sign-in (reset requests per email and IP, wrong second-
 * step codes per user and IP): `bucket` names the throttle, `subject` what is counted. In the
 * database so every API process counts the same; rows past the longest window are pruned.
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('throttle_events_subject_idx').on(table.bucket, table.subject, table.at), index('throttle_events_at_idx').on(table.at)],
);

/**
 * Account messages that could not be delivered (no SMTP server, no SMS gateway): admins read them
 * in Configurations -> Security. Old rows are pruned (a reset link inside is dead after 30 minutes).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
);

/**
 * TOTP secrets (RFC 6238). `pending_secret` is an enrolment not yet confirmed with a code;
 * `last_step` is the last time step accepted, so a code can never be used twice.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id').primaryKey(),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  lastStep: bigint('last_step', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes (sha256 of the normalised code); a new set replaces the old one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId, table.codeHash)],
);

/**
 * Sign-ins waiting for their second step: the password was right, the code is still due. The
 * client holds the challenge token; only its sha256 is stored. `purpose` 'enrol' is a sign-in
 * that must first set up two-step verification (an admin requires it).
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['verify', 'enrol'] }).notNull(),
    // The token version at the password step: a password change or sign-out meanwhile voids it.
    tokenVersion: integer('token_version').notNull(),
    failures: smallint('failures').notNull().default(0),
    smsCodeHash: text('sms_code_hash'),
    smsSentAt: timestamp('sms_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('login_challenges_expires_idx').on(table.expiresAt),
    check('login_challenges_purpose_check', sql`${table.purpose} in ('verify', 'enrol')`),
  ],
);

/** Profile pictures, re-encoded to a 256 x 256 WebP; the id is the sha256 of the bytes. */
export const userAvatars = pgTable(
  'user_avatars',
  {
    id: text('id').primaryKey(),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('user_avatars_id_check', sql`${table.id} ~ '^[0-9a-f]{64}$'`)],
);
