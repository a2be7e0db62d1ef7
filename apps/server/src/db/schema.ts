import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

/** PostgreSQL bytea as a Buffer (PGlite hands back a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Uploaded brand images, already checked and re-encoded (or sanitised, for SVG). The id is the
 * sha256 of the bytes, so URLs are content-addressed and every API process serves the same file.
 */
export const brandAssets = pgTable(
  'brand_assets',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('brand_assets_id_check', sql`${table.id} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * The one brand of this installation (a single row, id 1). A null column means "the default"
 * (DEFAULT_BRAND in contracts), so reset is setting everything back to null.
 */
export const brandSettings = pgTable(
  'brand_settings',
  {
    id: smallint('id').primaryKey().default(1),
    appName: text('app_name'),
    description: text('description'),
    logoWidth: integer('logo_width'),
    logoHeight: integer('logo_height'),
    primaryColor: text('primary_color'),
    secondaryColor: text('secondary_color'),
    accentColor: text('accent_color'),
    fontFamily: text('font_family'),
    logoAssetId: text('logo_asset_id').references(() => brandAssets.id),
    faviconAssetId: text('favicon_asset_id').references(() => brandAssets.id),
    favicon32AssetId: text('favicon_32_asset_id').references(() => brandAssets.id),
    favicon180AssetId: text('favicon_180_asset_id').references(() => brandAssets.id),
    loginBackgroundAssetId: text('login_background_asset_id').references(() => brandAssets.id),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('brand_settings_single_row', sql`id = 1`)],
);
