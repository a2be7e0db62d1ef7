import { LOCALES } from '@sms/contracts/locales';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from './uuidv7.ts';

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
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    phone: text('phone'),
    // Any of the locales the interface offers (decision 107); a text column without a check, so no migration.
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    // Every token carries the version it was issued with; bumping it revokes all earlier tokens.
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // Account security and settings (modules/account): a picture, display preferences applied at
    // sign-in, and when two-step verification was turned on (null = off; secrets in user_totp).
    avatarId: text('avatar_id'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    twoStepEnabledAt: timestamp('two_step_enabled_at', { withTimezone: true }),
    // Whether the user takes new conversations (round-robin assignment, modules/tickets).
    availability: text('availability', { enum: ['available', 'away'] })
      .notNull()
      .default('available'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_lower_unique')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.deletedAt} is null`),
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
    /** Entries that count repeats (grouped 403s) share this key; null for every other entry. */
    groupKey: text('group_key'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId, table.at),
    uniqueIndex('audit_log_group_key_idx')
      .on(table.groupKey)
      .where(sql`${table.groupKey} is not null`),
  ],
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

/**
 * Text compared byte by byte (collation "C"): a plain btree on such a column answers equality,
 * ORDER BY and `LIKE 'prefix%'` alike, whatever the database's locale. Used for E.164 numbers.
 */
const textC = customType<{ data: string; driverData: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * The people campaigns are sent to. `phone` is E.164 and unique (one contact per number). Sized for
 * millions of rows: every filter and search of the list has an index, and searches are prefix
 * matches (`text_pattern_ops` btrees) so they never scan the table.
 */
export const contacts = pgTable(
  'contacts',
  {
    // Time-ordered (UUIDv7, made in Node): new rows append to the primary key instead of landing
    // on random pages of it, which a million-row import feels.
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    phone: textC('phone').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    tag1: text('tag1'),
    tag2: text('tag2'),
    tag3: text('tag3'),
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['active', 'opted_out'] })
      .notNull()
      .default('active'),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    optOutSource: text('opt_out_source', { enum: ['keyword', 'admin', 'import', 'provider', 'web_form'] }),
    notes: text('notes'),
    /** The consent note of the last opt-in by hand (admin or manager), when and by whom. */
    optInNote: text('opt_in_note'),
    optedInAt: timestamp('opted_in_at', { withTimezone: true }),
    optedInBy: uuid('opted_in_by'),
    /** How the contact last opted in (migration 0035): what contact.opted_in webhooks name as `source`. */
    optInSource: text('opt_in_source', { enum: ['keyword', 'staff', 'web_form', 'sms_reply'] }),
    source: text('source', { enum: ['manual', 'import', 'inbound', 'api', 'web_form'] })
      .notNull()
      .default('manual'),
    importId: uuid('import_id'),
    createdBy: uuid('created_by'),
    /** In the trash since (decision 087): left out of every list, count and audience; purged 30 days later. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by'),
    ...timestamps,
  },
  (table) => [
    // phone is collation "C", so this one index serves uniqueness, ORDER BY phone and
    // `phone LIKE '+4479%'` (prefix search).
    uniqueIndex('contacts_phone_unique').on(table.phone),
    // Every index costs each imported row an insert, so the others leave out the rows no query
    // looks for there: empty tags, names and emails (`tag1 = 'x'`, `tag1 > 'x'` and
    // `lower(first_name) LIKE 'x%'` all imply NOT NULL, so the planner still uses them) and
    // active contacts (a status filter only narrows anything when it asks for opted-out ones).
    // Nothing reads contacts by import_id, so it has no index.
    index('contacts_tag1_idx')
      .on(table.tag1)
      .where(sql`${table.tag1} is not null`),
    index('contacts_tag2_idx')
      .on(table.tag2)
      .where(sql`${table.tag2} is not null`),
    index('contacts_tag3_idx')
      .on(table.tag3)
      .where(sql`${table.tag3} is not null`),
    index('contacts_opted_out_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'opted_out'`),
    // Default list order (newest first: read backwards) and the export's keyset cursor
    // `(created_at, id) < (...)`, which needs both columns in the same direction.
    index('contacts_created_at_id_idx').on(table.createdAt, table.id),
    index('contacts_first_name_lower_idx')
      .using('btree', sql`lower(${table.firstName}) text_pattern_ops`)
      .where(sql`${table.firstName} is not null`),
    index('contacts_last_name_lower_idx')
      .using('btree', sql`lower(${table.lastName}) text_pattern_ops`)
      .where(sql`${table.lastName} is not null`),
    index('contacts_email_lower_idx')
      .using('btree', sql`lower(${table.email}) text_pattern_ops`)
      .where(sql`${table.email} is not null`),
    // The trash view and the purge read the trashed rows only.
    index('contacts_trash_idx')
      .on(table.deletedAt, table.id)
      .where(sql`${table.deletedAt} is not null`),
    check('contacts_status_check', sql`${table.status} in ('active', 'opted_out')`),
    check('contacts_opt_out_source_check', sql`${table.optOutSource} in ('keyword', 'admin', 'import', 'provider')`),
    check('contacts_source_check', sql`${table.source} in ('manual', 'import', 'inbound', 'api')`),
  ],
);

/**
 * One uploaded contacts file and the job that imports it. The counters are written back as the
 * job runs (live progress) and always add up: created + updated + duplicates + rejected = rows_read.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: ['uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled', 'expired'] })
      .notNull()
      .default('uploaded'),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    sheet: text('sheet'),
    mapping: jsonb('mapping'),
    options: jsonb('options'),
    // Bytes of the file consumed so far: progress in percent = bytes_read / file_size.
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    // Numbers read as international although a default country was set, and the first few of them.
    readAsInternational: integer('read_as_international').notNull().default(0),
    internationalExamples: jsonb('international_examples')
      .$type<Array<{ row: number; input: string; e164: string; country: string | null }>>()
      .notNull()
      .default([]),
    errorMessage: text('error_message'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('imports_created_at_idx').on(table.createdAt.desc(), table.id),
    check('imports_status_check', sql`${table.status} in ('uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled', 'expired')`),
    check('imports_format_check', sql`${table.format} in ('csv', 'xlsx')`),
  ],
);

/** An uploaded file kept in the database in ~1 MB chunks, so any worker process can stream it. */
export const importFileChunks = pgTable(
  'import_file_chunks',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.seq] })],
);

/** Every row an import rejected: its row number in the file, the raw line and why. */
export const importRejections = pgTable(
  'import_rejections',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    raw: text('raw').notNull(),
    reason: text('reason').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.rowNumber] })],
);

export * from './schema-campaigns.ts';
export * from './schema-account-security.ts';
export * from './schema-templates-segments.ts';
export * from './schema-notifications.ts';
export * from './schema-keyword-rules.ts';
export * from './schema-campaign-approval.ts';
export * from './schema-tickets.ts';
export * from './schema-notes.ts';

/** Salted hashes of erased contacts' numbers (platform/suppression.ts); opted_out: never import them again. */
export const suppressedPhones = pgTable('suppressed_phones', {
  phoneHash: text('phone_hash').primaryKey(),
  optedOut: boolean('opted_out').notNull(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});
export * from './schema-team.ts';
export * from './schema-gallery.ts';
export * from './schema-statements.ts';
export * from './schema-senders.ts';
