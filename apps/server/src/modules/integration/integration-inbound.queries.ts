import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** An inbound message as the integration API reads it, with the campaign of the message it answers. */
export interface ApiInboundRow {
  id: string | number;
  from_phone: string;
  to_address: string;
  body: string;
  received_at: Date | string;
  contact_id: string | null;
  reply_to_message_id: string | number | null;
  campaign_id: string | null;
  opts_out: boolean;
}

/**
 * Inbound messages, newest first, after a cursor (an id), filtered by sender (as stored: E.164,
 * or as it came) and arrival time. A sender's messages come from their own index
 * (inbound_messages_from_idx, migration 0034), so a rare sender costs no walk over everyone's.
 */
export async function listApiInbound(
  db: Executor,
  filter: { from?: string | undefined; since?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<ApiInboundRow[]> {
  return queryRows<ApiInboundRow>(
    db,
    sql`select i.id, i.from_phone, i.to_address, i.body, i.received_at, i.contact_id, i.reply_to_message_id, m.campaign_id, i.opts_out
        from inbound_messages i left join messages m on m.id = i.reply_to_message_id
        where true
          ${filter.from ? sql`and i.from_phone = ${filter.from}` : sql``}
          ${filter.since ? sql`and i.received_at >= ${filter.since}::timestamptz` : sql``}
          ${filter.cursor ? sql`and i.id < ${filter.cursor}::bigint` : sql``}
        order by i.id desc limit ${filter.limit}`,
  );
}
