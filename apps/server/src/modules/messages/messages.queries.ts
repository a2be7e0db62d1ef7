import { MESSAGE_ERROR_CODES } from '@sms/contracts/messages';
import { and, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';

export type MessageRow = typeof messages.$inferSelect;

/** One outbound message by id (account notices excepted). */
export async function findOutboundMessage(db: Executor, id: string): Promise<MessageRow | undefined> {
  // Account notices carry reset links and sign-in codes: whoever may read messages must not see them.
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, Number(id)), ne(messages.kind, 'notice')));
  return row;
}

/** Cancels the queued messages of a campaign (in flight ones finish). Answers how many. */
export async function cancelQueuedMessages(db: Executor, campaignId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with cancelled as (
          update messages set status = 'cancelled', next_attempt_at = null
          where campaign_id = ${campaignId} and status = 'queued' returning 1)
        select count(*)::int as n from cancelled`,
  );
  return rows[0]?.n ?? 0;
}

/** Fails every queued message of a campaign whose gateway is unusable. Answers how many. */
export async function failQueuedMessages(db: Executor, campaignId: string, reason: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with failed as (
          update messages set status = 'failed', error_code = ${MESSAGE_ERROR_CODES.gatewayUnusable}, error_text = ${reason}, failed_at = now(), next_attempt_at = null
          where campaign_id = ${campaignId} and status = 'queued' returning 1)
        select count(*)::int as n from failed`,
  );
  return rows[0]?.n ?? 0;
}
