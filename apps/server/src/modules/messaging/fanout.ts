import type { StoredAudience } from '@sms/contracts/campaigns';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { contacts } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recipientsWhere } from '../campaigns/index.ts';
import { recordSegmentSnapshot } from '../segments/index.ts';

/**
 * Launch fan-out: one outbound message row per recipient, written set-based in chunks of contacts
 * (in contact id order) so a million-recipient launch never holds one huge transaction, and the
 * embedded database keeps answering requests between chunks. A chunk's rows and the cursor past
 * them commit together, and the cursor is read under the campaign's row lock, so a chunk repeated
 * after a crash starts where the committed ones ended: a plain insert, without the per-row
 * speculative insertion of ON CONFLICT (a quarter of the fan-out's database CPU, decision 115).
 * The unique (campaign, contact) index still refuses a second row; should a row exist anyway, the
 * chunk is written again skipping it. A worker holds a lease on the campaign while it fans out,
 * so two workers do not do the same work.
 */

export interface FanoutCampaign {
  id: string;
  audience: StoredAudience;
  /** null: the default gateway (the messages keep the null; the dispatcher resolves it). */
  gatewayId: string | null;
  senderId: string | null;
}

/** Takes (or renews) the fan-out lease; false if someone else holds it or the campaign needs none. */
async function leaseFanout(db: Db, campaignId: string, leaseSeconds: number): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update campaigns set fanout_lease_until = now() + make_interval(secs => ${leaseSeconds})
        where id = ${campaignId} and status in ('sending', 'paused') and audience_ready_at is null
          and (fanout_lease_until is null or fanout_lease_until < now())
        returning id`,
  );
  return rows.length > 0;
}

/**
 * Materialises the next chunk of a campaign's recipients. Answers 'done' when every recipient has
 * its row (audience_ready_at is set), 'more' after a chunk, 'busy' when another worker holds the
 * lease or the campaign stopped.
 */
export async function fanOutChunk(
  db: Db,
  campaign: FanoutCampaign,
  chunkSize: number,
  leaseSeconds = 120,
): Promise<'done' | 'more' | 'busy'> {
  if (!(await leaseFanout(db, campaign.id, leaseSeconds))) return 'busy';
  // A segment is resolved when the campaign starts sending: its definition then is recorded once
  // and every chunk (and the reports) reads that record.
  const audience =
    campaign.audience.type === 'segment' ? ((await recordSegmentSnapshot(db, campaign.id)) ?? campaign.audience) : campaign.audience;
  const where = recipientsWhere(audience, campaign.id);
  return db.transaction(async (tx) => {
    // Locked like cancel locks it: a chunk never lands after a cancel has cancelled the queue. The
    // cursor is read under the lock: a worker whose lease ran out meanwhile cannot repeat a chunk.
    const [state] = await queryRows<{ status: string; fanout_cursor: string | null }>(
      tx,
      sql`select status, fanout_cursor from campaigns where id = ${campaign.id} for update`,
    );
    if (state?.status !== 'sending' && state?.status !== 'paused') return 'busy';
    const after = state.fanout_cursor ? sql`and ${contacts.id} > ${state.fanout_cursor}` : sql``;
    // The last contact of this chunk (null: fewer than chunkSize remain, this is the last chunk).
    const [boundary] = await queryRows<{ id: string }>(
      tx,
      sql`select ${contacts.id} as id from ${contacts} where ${where} ${after} order by ${contacts.id} offset ${chunkSize - 1} limit 1`,
    );
    const upTo = boundary ? sql`and ${contacts.id} <= ${boundary.id}` : sql``;
    // tag1 as it is now: the reports group the campaign by it for good (decision 089).
    const insert = (onConflict: SQL) =>
      tx.execute(sql`insert into messages (kind, campaign_id, contact_id, gateway_id, phone, sender_id, tag1)
        select 'campaign', ${campaign.id}, ${contacts.id}, ${campaign.gatewayId}, ${contacts.phone}, ${campaign.senderId},
               coalesce(${contacts.tag1}, '')
        from ${contacts} where ${where} ${after} ${upTo}
        order by ${contacts.id} ${onConflict}`);
    try {
      await tx.transaction(() => insert(sql``));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await insert(sql`on conflict (campaign_id, contact_id) do nothing`);
    }
    if (boundary) {
      await tx.execute(sql`update campaigns set fanout_cursor = ${boundary.id}, fanout_lease_until = null where id = ${campaign.id}`);
      return 'more';
    }
    await tx.execute(
      sql`update campaigns set fanout_cursor = null, fanout_lease_until = null, audience_ready_at = now() where id = ${campaign.id}`,
    );
    return 'done';
  });
}
