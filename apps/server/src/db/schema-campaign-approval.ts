import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './schema-campaigns.ts';

/**
 * Approval requests of campaigns (migration 0038; decision 101), one row per request, newest last:
 * pending while the campaign is in review, then approved, rejected (with the approver's comment) or
 * withdrawn (moved back to draft, cancelled, or its message or audience changed after approval).
 * Users are referred to without a foreign key (they are soft-deleted), like campaigns.created_by.
 */
export const campaignApprovals = pgTable(
  'campaign_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    requestedBy: uuid('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
  },
  (table) => [
    index('campaign_approvals_campaign_idx').on(table.campaignId, table.requestedAt),
    check('campaign_approvals_state_check', sql`${table.state} in ('pending', 'approved', 'rejected', 'withdrawn')`),
  ],
);
