import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { gateways } from './schema-campaigns.ts';

/**
 * Numbers and sender IDs (migration 0044, modules/senders, decision 108). `value` is what messages
 * carry as sender_id (an E.164 number or an alphanumeric ID), unique whatever its case.
 * route_assignee_id points at users.id without a foreign key (users are soft-deleted).
 */
export const senders = pgTable(
  'senders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['number', 'alphanumeric'] }).notNull(),
    value: text('value').notNull(),
    gatewayId: uuid('gateway_id').references(() => gateways.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['draft', 'submitted', 'approved', 'rejected'] })
      .notNull()
      .default('draft'),
    notes: text('notes').notNull().default(''),
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'`),
    origin: text('origin', { enum: ['bought', 'added'] })
      .notNull()
      .default('added'),
    numberType: text('number_type', { enum: ['mobile', 'local', 'toll-free'] }),
    country: text('country'),
    /** The provider's id of a bought number (Twilio's PN... SID). */
    providerSid: text('provider_sid'),
    /** As the provider priced it when bought (decimal text, like Twilio's), with its currency. */
    monthlyPrice: text('monthly_price'),
    priceUnit: text('price_unit'),
    routeAssigneeId: uuid('route_assignee_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('senders_value_unique').on(sql`lower(${table.value})`),
    check('senders_kind_check', sql`${table.kind} in ('number', 'alphanumeric')`),
    check('senders_status_check', sql`${table.status} in ('draft', 'submitted', 'approved', 'rejected')`),
    check('senders_origin_check', sql`${table.origin} in ('bought', 'added')`),
    check('senders_number_type_check', sql`${table.numberType} in ('mobile', 'local', 'toll-free')`),
  ],
);
