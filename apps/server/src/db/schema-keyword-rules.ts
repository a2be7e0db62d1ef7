import type { KeywordRuleAction, KeywordRuleResult } from '@sms/contracts/keyword-rules';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inboundMessages } from './schema-campaigns.ts';

/** Keyword rules (migration 0041, decision 104), applied in `position` order to one-word replies. */
export const keywordRules = pgTable(
  'keyword_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    words: text('words').array().notNull(),
    actions: jsonb('actions').$type<KeywordRuleAction[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('keyword_rules_position_idx').on(table.position)],
);

/** What a rule did to a reply: one row per (reply, rule), so a retried batch applies a rule once. */
export const keywordRuleApplications = pgTable(
  'keyword_rule_applications',
  {
    inboundId: bigint('inbound_id', { mode: 'number' })
      .notNull()
      .references(() => inboundMessages.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').notNull(),
    contactId: uuid('contact_id'),
    ruleName: text('rule_name').notNull(),
    rulePosition: integer('rule_position').notNull().default(0),
    results: jsonb('results')
      .$type<KeywordRuleResult[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'keyword_rule_applications_pk', columns: [table.inboundId, table.ruleId] })],
);
