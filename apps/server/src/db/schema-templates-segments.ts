import { sql } from 'drizzle-orm';
// Rows point at users.id without a foreign key (users are soft-deleted), like schema-account-security.ts.
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Saved message texts with merge fields (contracts templates.ts); names are unique ignoring case. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: text('category'),
    body: text('body').notNull(),
    senderId: text('sender_id'),
    /** Campaigns created from it and inbox replies sent with it. */
    useCount: integer('use_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('message_templates_name_unique').on(sql`lower(${table.name})`)],
);

/** Saved segments: a name and a contact filter definition (contracts segments.ts), read live. */
export const segments = pgTable(
  'segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('segments_name_unique').on(sql`lower(${table.name})`)],
);
