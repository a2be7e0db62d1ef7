import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Staff accounts. Deleting a user is a soft delete (deleted_at): campaigns and audit entries keep
 * pointing at the row, while the partial unique index frees the email for a new account.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'manager', 'agent', 'viewer'] }).notNull(),
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    phone: text('phone'),
    locale: text('locale', { enum: ['en', 'fr', 'ar', 'zh'] }).notNull().default('en'),
    // Every token carries the version it was issued with; bumping it revokes all earlier tokens.
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`).where(sql`${table.deletedAt} is null`),
    index('users_created_at_idx').on(table.createdAt),
    check('users_role_check', sql`${table.role} in ('admin', 'manager', 'agent', 'viewer')`),
    check('users_status_check', sql`${table.status} in ('active', 'disabled')`),
  ],
);

/** Instance-wide settings as key/value JSON (registration policy, generated secrets, ...). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who did what, when and from where. actor_name/actor_email are snapshots so entries stay
 * readable whatever later happens to the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    subjectId: text('subject_id'),
    ip: text('ip'),
    details: jsonb('details').notNull().default({}),
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_actor_idx').on(table.actorId, table.at)],
);

/**
 * Failed sign-ins, kept in the database so every API process sees the same counts. Rows older
 * than the throttling window are irrelevant and pruned as new failures arrive.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_email_idx').on(table.email, table.attemptedAt),
    index('login_attempts_ip_idx').on(table.ip, table.attemptedAt),
    index('login_attempts_at_idx').on(table.attemptedAt),
  ],
);
