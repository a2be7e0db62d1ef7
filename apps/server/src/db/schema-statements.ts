// Monthly usage statements (migration 0046, decision 110, modules/statements). Rows point at
// users.id and api_keys.id without a foreign key (users are soft-deleted; a key's statement
// outlives the key), like schema-notes.ts.
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** One statement per month and scope; the period, zone and currency are fixed when it is closed. */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** First day of the month (the organisation's calendar). */
    month: date('month').notNull(),
    scope: text('scope', { enum: ['organisation', 'apiKey', 'user'] }).notNull(),
    scopeId: uuid('scope_id'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    currency: text('currency'),
    timeZone: text('time_zone'),
    periodFrom: timestamp('period_from', { withTimezone: true }),
    periodTo: timestamp('period_to', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('statements_month_scope_unique').on(
      table.month,
      table.scope,
      sql`coalesce(${table.scopeId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('statements_month_idx').on(table.month.desc(), table.createdAt.desc()),
    check('statements_scope_check', sql`${table.scope} in ('organisation', 'apiKey', 'user')`),
    check('statements_scope_id_check', sql`(${table.scope} = 'organisation') = (${table.scopeId} is null)`),
    check('statements_status_check', sql`${table.status} in ('open', 'closed')`),
    check('statements_month_check', sql`extract(day from ${table.month}) = 1`),
  ],
);

/** A closed statement's lines, with the price of a part used: never recomputed. */
export const statementLines = pgTable(
  'statement_lines',
  {
    // References statements (on delete cascade) in the migration.
    statementId: uuid('statement_id').notNull(),
    position: integer('position').notNull(),
    country: text('country'),
    encoding: text('encoding').notNull(),
    messages: integer('messages').notNull(),
    parts: bigint('parts', { mode: 'number' }).notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'statement_lines_pkey', columns: [table.statementId, table.position] }),
    check('statement_lines_encoding_check', sql`${table.encoding} in ('GSM-7', 'UCS-2')`),
  ],
);

/** Credits and manual charges on a statement, each with its reason; audited. */
export const statementAdjustments = pgTable(
  'statement_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id').notNull(),
    kind: text('kind', { enum: ['credit', 'charge'] }).notNull(),
    amount: numeric('amount', { precision: 20, scale: 4 }).notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('statement_adjustments_statement_idx').on(table.statementId, table.createdAt),
    check('statement_adjustments_kind_check', sql`${table.kind} in ('credit', 'charge')`),
    check('statement_adjustments_amount_check', sql`${table.amount} > 0`),
  ],
);
