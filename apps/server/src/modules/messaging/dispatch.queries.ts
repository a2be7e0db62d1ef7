import type { MessageKind } from '@sms/contracts/messages';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { toRecipientContact, type ContactColumns } from './dispatch-context.queries.ts';
import type { RecipientContact } from './outcomes.ts';

/**
 * Commits of this transaction do not wait for the WAL flush. Only for claims and write-backs:
 * losing the last few of them in a database crash puts messages back in a state they already
 * had (claimed, or queued), and they are sent again, which the at-least-once guarantee allows.
 * Never for receipts and inbound messages, which are acknowledged to the carrier once committed.
 */
export async function relaxDurability(tx: Executor): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/**
 * Runs `statement` with the planner held to index probes (nested loops over the primary key),
 * then gives the transaction its usual planner back. For the write-back and the receipts: each
 * touches a few hundred to a few thousand messages by id, but the table's statistics are as of
 * its last analyze, which during a campaign's first minutes means a few thousand rows, nearly all
 * 'queued': the planner then judged a sequential scan of every message of the table cheaper than
 * the probes, and each write-back of 500 read the whole table (91 of 110 ms at 50,000 messages,
 * growing with the campaign: decision 113). Must run inside a transaction (set_config's local
 * setting lasts until its end; outside one, it would end with its own statement).
 */
export async function probingByKey<T>(tx: Executor, statement: () => Promise<T>): Promise<T> {
  await tx.execute(
    sql`select set_config('enable_seqscan', 'off', true), set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`,
  );
  const result = await statement();
  // Back to PostgreSQL's defaults for the rest of the transaction (reading pg_settings' reset_val
  // instead cost ~0.5 ms a time: a scan of every setting).
  await tx.execute(
    sql`select set_config('enable_seqscan', 'on', true), set_config('enable_hashjoin', 'on', true), set_config('enable_mergejoin', 'on', true)`,
  );
  return result;
}

/** A message claimed for sending (status 'sending', leased to this worker). */
export interface ClaimedMessage {
  id: string;
  kind: MessageKind;
  /** Attempt number of this claim: the fencing token the write-back must match. */
  attempts: number;
  contactId: string | null;
  phone: string;
  senderId: string | null;
  gatewayId: string | null;
  /** Stored text (test sends, replies); null for campaign messages (rendered at send time). */
  body: string | null;
  /** 1 for high-priority API messages, else 0. */
  priority: number;
}

type ClaimRow = {
  id: string | number;
  kind: ClaimedMessage['kind'];
  attempts: number;
  contact_id: string | null;
  phone: string;
  sender_id: string | null;
  gateway_id: string | null;
  body: string | null;
  priority: number | string;
};
const toClaimed = (row: ClaimRow): ClaimedMessage => ({
  id: String(row.id),
  kind: row.kind,
  attempts: Number(row.attempts),
  contactId: row.contact_id,
  phone: row.phone,
  senderId: row.sender_id,
  gatewayId: row.gateway_id,
  body: row.body,
  priority: Number(row.priority),
});

/**
 * Claims up to `limit` due queued messages of a campaign, in id order after `afterId`, skipping
 * rows another worker holds (FOR UPDATE SKIP LOCKED), and leases them for `leaseSeconds`. claimed_at
 * takes the database's time of the claim: the handover to the gateway comes after it, so a reply
 * or receipt (stamped by the same clock when it arrives) is never earlier than it.
 * `afterId` lets a dispatcher start past what it already claimed: the index entries of claimed
 * rows stay until vacuum, and scanning over them again and again would grow with the campaign.
 */
export async function claimCampaignBatch(
  db: Executor,
  campaignId: string,
  limit: number,
  leaseSeconds: number,
  afterId: string | null = null,
): Promise<ClaimedMessage[]> {
  const after = afterId ? sql`and id > ${afterId}` : sql``;
  const rows = await queryRows<ClaimRow>(
    db,
    sql`with live as (
          -- Only while the campaign is sending and within its validity: a pause or cancel stops
          -- the very next claim, and expired messages wait for housekeeping to skip them.
          select 1 from campaigns c where c.id = ${campaignId} and c.status = 'sending'
            and (c.validity_hours is null or greatest(c.launched_at, coalesce(c.scheduled_at, c.launched_at)) + make_interval(hours => c.validity_hours) > now())),
        picked as (
          select id from messages
          where campaign_id = ${campaignId} and status = 'queued' and (next_attempt_at is null or next_attempt_at <= now()) ${after}
            and exists (select 1 from live)
          order by id limit ${limit}
          for update skip locked)
        update messages m set status = 'sending', attempts = m.attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds}), claimed_at = now()
        from picked where m.id = picked.id
        returning m.id, m.kind, m.attempts, m.contact_id, m.phone, m.sender_id, m.gateway_id, m.body, m.priority`,
  );
  return rows.map(toClaimed).sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * Claims due one-off messages (API messages, test sends, inbox replies: no campaign), high priority
 * first, then oldest first; claimed_at as claimCampaignBatch. Their contacts come in the same
 * statement (the priority lane's first round trip is its only one before the gateway): the consent
 * re-check at send time reads them as of the claim, as a separate read right after it would.
 */
export async function claimOneOffBatch(
  db: Executor,
  limit: number,
  leaseSeconds: number,
): Promise<{ claimed: ClaimedMessage[]; contacts: Map<string, RecipientContact> }> {
  // A left join: every column of the contact is null when it was deleted.
  const rows = await queryRows<ClaimRow & { [K in keyof ContactColumns]: ContactColumns[K] | null }>(
    db,
    sql`with picked as (
          select id from messages
          where campaign_id is null and status = 'queued' and (next_attempt_at is null or next_attempt_at <= now())
          order by priority desc, id limit ${limit}
          for update skip locked),
        claimed as (
          update messages m set status = 'sending', attempts = m.attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds}), claimed_at = now()
          from picked where m.id = picked.id
          returning m.id, m.kind, m.attempts, m.contact_id, m.phone, m.sender_id, m.gateway_id, m.body, m.priority)
        select claimed.*, c.status as contact_status, c.phone as contact_phone, c.first_name, c.last_name, c.email, c.tag1, c.tag2, c.tag3, c.custom_fields
        from claimed left join contacts c on c.id = claimed.contact_id`,
  );
  const contacts = new Map<string, RecipientContact>();
  for (const row of rows) {
    const { contact_id: id, contact_status: status, contact_phone: phone } = row;
    if (id && status && phone !== null) contacts.set(id, toRecipientContact(id, { ...row, contact_status: status, contact_phone: phone }));
  }
  return { claimed: rows.map(toClaimed).sort((a, b) => Number(a.id) - Number(b.id)), contacts };
}

/** Extends the lease of messages still being sent (long batches), so no one else recovers them. */
export async function renewLeases(db: Executor, ids: string[], leaseSeconds: number): Promise<void> {
  await db.execute(sql`update messages set lease_until = now() + make_interval(secs => ${leaseSeconds})
    where id = any(${sql.param(ids)}::bigint[]) and status = 'sending'`);
}

/** The outcome of one claimed message, as written back. */
export interface MessageOutcome {
  id: string;
  attempts: number;
  status: 'sent' | 'queued' | 'failed' | 'skipped';
  gatewayMessageId: string | null;
  body: string | null;
  segments: number | null;
  encoding: string | null;
  errorCode: string | null;
  errorText: string | null;
  /** For 'queued' (a retry): when to try again. */
  nextAttemptAt: Date | null;
  /** The gateway never tried this message (deferred), or its link failed under it: the attempt does not count. */
  uncountAttempt?: boolean;
  /** Not accepted as far as we know, but it may have been (its answer was lost): it counts as handed over. */
  maybeHanded?: boolean;
  /** For 'sent': its price in millionths of the writer's currency (pricedOutcomes; decision 118). */
  priceMicros?: number | null;
}

/**
 * Writes a batch's outcomes in one statement. Only rows of the same attempt are touched, still
 * 'sending', or 'queued' again by lease recovery (a write-back held up by a database outage) but
 * not claimed since: every claim counts an attempt, so a row claimed again belongs to the new
 * claim. An accepted outcome that lost that race keeps its gateway id in earlier_submissions, so
 * its receipt still finds the message. A message handed over (accepted, or maybe: its answer was
 * lost) keeps the earliest such claim in handed_at, and an accepted one is sent as of it, however
 * long the batch took to write back and however often it was sent again. Answers how many rows
 * were written, whether a reply from one of their contacts waits for an outcome (then
 * matchPendingReplies has work), and whether a receipt for one of them was parked (then
 * reapplyPendingReceipts has work); asked here to spare those round trips when there is none.
 * `relaxed`: this statement is its own transaction and commits without waiting for the WAL flush
 * (as relaxDurability, for the same reason; set_config(..., true) lasts until this commit).
 */
export async function writeOutcomes(
  db: Executor,
  gatewayId: string,
  outcomes: MessageOutcome[],
  options: { relaxed?: boolean; currency?: string } = {},
): Promise<{ written: number; repliesPending: boolean; receiptsPending: boolean }> {
  if (outcomes.length === 0) return { written: 0, repliesPending: false, receiptsPending: false };
  const column = <T>(pick: (outcome: MessageOutcome) => T) => sql.param(outcomes.map(pick));
  const gatewayMessageIds = outcomes.flatMap((outcome) => (outcome.gatewayMessageId ? [outcome.gatewayMessageId] : []));
  const relaxed = options.relaxed ? sql`, set_config('synchronous_commit', 'off', true) as relaxed` : sql``;
  // least() skips nulls: the earliest of an earlier hand-over and this claim; now() for a claim made before claims kept their time.
  const handed = sql`coalesce(least(m.handed_at, m.claimed_at), now())`;
  const rows = await queryRows<{ n: number; replies_pending: boolean; receipts_pending: boolean }>(
    db,
    sql`with r as (
          select * from unnest(${column((o) => o.id)}::bigint[], ${column((o) => o.attempts)}::int[], ${column((o) => o.status)}::text[],
                      ${column((o) => o.gatewayMessageId)}::text[], ${column((o) => o.body)}::text[], ${column((o) => o.segments)}::int[],
                      ${column((o) => o.encoding)}::text[], ${column((o) => o.errorCode)}::text[], ${column((o) => o.errorText)}::text[],
                      ${column((o) => o.nextAttemptAt?.toISOString() ?? null)}::timestamptz[], ${column((o) => o.uncountAttempt ?? false)}::boolean[],
                      ${column((o) => o.maybeHanded ?? false)}::boolean[], ${column((o) => o.priceMicros ?? null)}::bigint[])
               as r(id, attempts, status, gid, body, segments, encoding, code, text, next_at, uncount, maybe, price)),
        written as (
          update messages m set
            -- A retry of a campaign cancelled (or failed) meanwhile is not queued again: nothing would send it.
            status = case when r.status = 'queued' then coalesce(
                       (select case c.status when 'cancelled' then 'cancelled' when 'failed' then 'failed' end from campaigns c where c.id = m.campaign_id),
                       'queued') else r.status end,
            attempts = case when r.uncount then greatest(m.attempts - 1, 0) else m.attempts end,
            gateway_id = ${gatewayId},
            gateway_message_id = coalesce(r.gid, m.gateway_message_id),
            body = coalesce(r.body, m.body),
            segments = coalesce(r.segments, m.segments),
            encoding = coalesce(r.encoding, m.encoding),
            error_code = r.code,
            error_text = r.text,
            next_attempt_at = r.next_at,
            lease_until = null,
            handed_at = case when r.status = 'sent' or r.maybe then ${handed} else m.handed_at end,
            sent_at = case when r.status = 'sent' then ${handed} else m.sent_at end,
            -- Priced once, when first accepted (decision 118): a resend keeps its first sent_at and price.
            price_micros = case when r.status = 'sent' and m.price_micros is null then r.price else m.price_micros end,
            price_currency = case when r.status = 'sent' and m.price_micros is null and r.price is not null then ${options.currency ?? null}::text
                                  else m.price_currency end,
            failed_at = case when r.status in ('failed', 'skipped') then now() else m.failed_at end
          from r
          -- The status test as a case, not an OR of equalities: those the planner matched to the
          -- partial indexes of queued and sending messages, and fetched every queued message of
          -- the campaign for each write-back instead of probing the batch's ids.
          where m.id = r.id and m.attempts = r.attempts
            and case m.status when 'sending' then true when 'queued' then m.lease_until is null and m.claimed_at is not null else false end
          returning m.id, m.contact_id),
        earlier as (
          insert into earlier_submissions (gateway_id, gateway_message_id, message_id)
          select ${gatewayId}, r.gid, r.id from r where r.status = 'sent' and r.gid is not null and r.id not in (select id from written)
          on conflict do nothing)
        select count(*)::int as n,
               exists (select 1 from inbound_messages i where i.reply_pending and i.contact_id in (select contact_id from written)) as replies_pending,
               exists (select 1 from pending_receipts p where p.gateway_message_id = any(${sql.param(gatewayMessageIds)}::text[])
                         and p.gateway_id = ${gatewayId}) as receipts_pending
               ${relaxed}
        from written`,
  );
  const row = rows[0];
  return { written: row?.n ?? 0, repliesPending: row?.replies_pending === true, receiptsPending: row?.receipts_pending === true };
}

/** Puts claimed messages back in the queue without counting the attempt (the gateway was down). */
export async function requeueClaimed(
  db: Executor,
  messages: ClaimedMessage[],
  retryAt: Date,
  reason: { code: string; text: string },
): Promise<void> {
  if (messages.length === 0) return;
  await db.execute(sql`update messages m set
      status = coalesce((select case c.status when 'cancelled' then 'cancelled' when 'failed' then 'failed' end from campaigns c where c.id = m.campaign_id), 'queued'),
      attempts = greatest(m.attempts - 1, 0), lease_until = null,
      next_attempt_at = ${retryAt.toISOString()}::timestamptz, error_code = ${reason.code}, error_text = ${reason.text}
    from unnest(${sql.param(messages.map((m) => m.id))}::bigint[], ${sql.param(messages.map((m) => m.attempts))}::int[]) as r(id, attempts)
    where m.id = r.id and m.status = 'sending' and m.attempts = r.attempts`);
}

/** Opts out the contacts a provider reported as unsubscribed (e.g. Twilio 21610). */
export async function optOutByProvider(db: Executor, contactIds: string[]): Promise<void> {
  if (contactIds.length === 0) return;
  await db.execute(sql`update contacts set status = 'opted_out', opted_out_at = now(), opt_out_source = 'provider', updated_at = now()
    where id = any(${sql.param(contactIds)}::uuid[]) and status = 'active'`);
}

/** Notes a dispatched batch (the campaign page's rate and ETA read the last minute of these). */
export async function recordDispatchBatch(db: Executor, campaignId: string, handed: number, errors: number): Promise<void> {
  await db.execute(sql`insert into dispatch_batches (campaign_id, handed, errors) values (${campaignId}, ${handed}, ${errors})`);
}

/**
 * Updates a campaign's run of consecutive errors after a batch: reset by any accepted message,
 * otherwise increased. Answers the new run length.
 */
export async function updateConsecutiveErrors(
  db: Executor,
  campaignId: string,
  accepted: number,
  errorsSinceLastAccept: number,
): Promise<number> {
  const [row] = await queryRows<{ run: number }>(
    db,
    sql`update campaigns set consecutive_errors = case when ${accepted} > 0 then ${errorsSinceLastAccept} else consecutive_errors + ${errorsSinceLastAccept} end
        where id = ${campaignId} returning consecutive_errors as run`,
  );
  return Number(row?.run ?? 0);
}
