import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/helper.ts';
import { domainEvents } from '../../sending.ts';
import { matchPendingReplies, processInbound } from '../inbound/index.ts';
import { claimCampaignBatch, writeOutcomes, type ClaimedMessage, type MessageOutcome } from './dispatch.queries.ts';
import { fanOutChunk } from './fanout.ts';
import { recoverExpiredLeases } from './housekeeping.queries.ts';
import { storeInbound } from './inbound-store.ts';
import { outcomesOf } from './outcomes.ts';
import { applyReceipts, reapplyPendingReceipts } from './receipts.queries.ts';

const GATEWAY = DEFAULT_SIMULATOR_GATEWAY_ID;
const phone = (i: number) => `+447700${String(i).padStart(6, '0')}`;
let sequence = 0;

const accepted = (message: ClaimedMessage, gatewayMessageId: string): MessageOutcome => ({
  id: message.id,
  attempts: message.attempts,
  status: 'sent',
  gatewayMessageId,
  body: 'Hi',
  segments: 1,
  encoding: 'GSM-7',
  errorCode: null,
  errorText: null,
  nextAttemptAt: null,
});

/**
 * A message sent again after its worker died or stalled (issue 33, item 5), each step run by hand
 * in the orders faults produce: the first claim's lease runs out (recovery queues the message
 * again), a reply or a receipt arrives for the first submission before or after the second claim,
 * and the first claim's write-back lands late.
 */
describe('a resend loses no reply and no receipt', () => {
  let server: TestServer;
  let db: Db;
  let campaignId: string;

  const claimOf = async (i: number): Promise<ClaimedMessage> => {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`select m.id::text from messages m join contacts c on c.id = m.contact_id where m.campaign_id = ${campaignId} and c.phone = ${phone(i)}`,
    );
    // Claim exactly this message: every other queued one is pushed out of reach for the moment.
    await db.execute(
      sql`update messages set next_attempt_at = now() + interval '1 hour' where campaign_id = ${campaignId} and status = 'queued' and id <> ${row?.id}`,
    );
    const [claimed] = await claimCampaignBatch(db, campaignId, 1, 120);
    await db.execute(sql`update messages set next_attempt_at = null where campaign_id = ${campaignId} and status = 'queued'`);
    if (!claimed || claimed.id !== row?.id) throw new Error(`could not claim the message of ${phone(i)}`);
    return claimed;
  };
  /** Its worker died: the lease runs out and recovery queues the message again. */
  const leaseRunsOut = async (message: ClaimedMessage) => {
    await db.execute(sql`update messages set lease_until = now() - interval '1 second' where id = ${message.id}`);
    expect(await recoverExpiredLeases(db)).toBeGreaterThanOrEqual(1);
  };
  const receive = async (i: number, body: string) => {
    const ids = await storeInbound(
      db,
      GATEWAY,
      [{ gatewayMessageId: `resend-${++sequence}`, from: phone(i), to: 'ACME', body, receivedAt: new Date() }],
      Date.now,
    );
    await processInbound(db, ids, domainEvents());
    return ids[0] ?? '';
  };
  const inbound = async (id: string) =>
    (
      await queryRows<{ reply_to: string | null; pending: boolean }>(
        db,
        sql`select reply_to_message_id::text as reply_to, reply_pending as pending from inbound_messages where id = ${id}`,
      )
    )[0];
  const message = async (id: string) =>
    (
      await queryRows<{ status: string; gid: string | null; reply_text: string | null; sent_first: boolean; attempts: number }>(
        db,
        sql`select status, gateway_message_id as gid, reply_text, attempts,
                   sent_at = (select min(claimed) from (values (handed_at)) as v(claimed)) as sent_first
            from messages where id = ${id}`,
      )
    )[0];

  beforeAll(async () => {
    server = await startTestServer();
    db = server.database.db;
    await seedContacts(server, 6);
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`insert into campaigns (name, body, audience, status, gateway_id, launched_at, reply_window_hours)
          values ('Resend', 'Hi', '{"type":"all"}'::jsonb, 'sending', ${GATEWAY}, now(), 24) returning id`,
    );
    campaignId = row?.id ?? '';
    expect(await fanOutChunk(db, { id: campaignId, audience: { type: 'all' }, gatewayId: GATEWAY, senderId: null }, 1_000)).toBe('done');
  });
  afterAll(() => server?.close());

  it('keeps a reply to the first submission waiting through the recovery, and gives it to the resend, sent as of the first claim', async () => {
    const first = await claimOf(1);
    const reply = await receive(1, 'YES');
    expect(await inbound(reply)).toEqual({ reply_to: null, pending: true });
    await leaseRunsOut(first);
    // Housekeeping looks at pending replies every second: the message is queued again, but it was maybe handed over.
    await db.transaction((tx) => matchPendingReplies(tx, null));
    expect(await inbound(reply)).toEqual({ reply_to: null, pending: true });
    const second = await claimOf(1);
    const written = await db.transaction(async (tx) => {
      const result = await writeOutcomes(tx, GATEWAY, [accepted(second, 'resend-1b')]);
      if (result.repliesPending) await matchPendingReplies(tx, [second.contactId ?? '']);
      return result;
    });
    expect(written).toMatchObject({ written: 1, repliesPending: true });
    expect(await inbound(reply)).toEqual({ reply_to: second.id, pending: false });
    expect(await message(second.id)).toMatchObject({ status: 'delivered', reply_text: 'YES', sent_first: true });
    const [times] = await queryRows<{ in_order: boolean }>(
      db,
      sql`select m.sent_at <= i.received_at as in_order from messages m, inbound_messages i where m.id = ${second.id} and i.id = ${reply}`,
    );
    expect(times?.in_order).toBe(true);
  });

  it('lands a write-back held by a database outage after the lease ran out, while nobody claimed the message again', async () => {
    const first = await claimOf(2);
    await leaseRunsOut(first);
    const { written } = await writeOutcomes(db, GATEWAY, [accepted(first, 'resend-2a')]);
    expect(written).toBe(1);
    expect(await message(first.id)).toMatchObject({ status: 'sent', gid: 'resend-2a', sent_first: true });
    // The next claim finds nothing to send again.
    await db.execute(
      sql`update messages set next_attempt_at = now() + interval '1 hour' where campaign_id = ${campaignId} and status = 'queued'`,
    );
    expect(await claimCampaignBatch(db, campaignId, 10, 120)).toEqual([]);
    await db.execute(sql`update messages set next_attempt_at = null where campaign_id = ${campaignId} and status = 'queued'`);
  });

  it('applies a receipt for a submission whose write-back lost to a newer claim, in either order', async () => {
    // Receipt first: it waits while the newer claim is in flight, then applies once it is written back.
    const first = await claimOf(3);
    await leaseRunsOut(first);
    const second = await claimOf(3);
    expect((await writeOutcomes(db, GATEWAY, [accepted(first, 'resend-3a')])).written).toBe(0);
    expect(await applyReceipts(db, GATEWAY, [{ gatewayMessageId: 'resend-3a', status: 'delivered', at: new Date() }])).toEqual({
      applied: 0,
      parked: 1,
    });
    await writeOutcomes(db, GATEWAY, [accepted(second, 'resend-3b')]);
    expect(await reapplyPendingReceipts(db, GATEWAY, { limit: 100 })).toBe(1);
    expect(await message(second.id)).toMatchObject({ status: 'delivered', gid: 'resend-3b' });

    // Write-backs first: the receipt for the earlier submission still finds the message.
    const third = await claimOf(4);
    await leaseRunsOut(third);
    const fourth = await claimOf(4);
    await writeOutcomes(db, GATEWAY, [accepted(third, 'resend-4a')]);
    await writeOutcomes(db, GATEWAY, [accepted(fourth, 'resend-4b')]);
    expect(
      await applyReceipts(db, GATEWAY, [{ gatewayMessageId: 'resend-4a', status: 'undelivered', errorCode: '001', at: new Date() }]),
    ).toEqual({
      applied: 1,
      parked: 0,
    });
    expect(await message(fourth.id)).toMatchObject({ status: 'undelivered', gid: 'resend-4b' });
  });

  it('moves a message whose receipt wait ended (unknown) on when its receipt comes after all', async () => {
    const claimed = await claimOf(5);
    await writeOutcomes(db, GATEWAY, [accepted(claimed, 'resend-5')]);
    await db.execute(sql`update messages set status = 'unknown', error_code = 'RECEIPT_TIMEOUT' where id = ${claimed.id}`);
    expect((await applyReceipts(db, GATEWAY, [{ gatewayMessageId: 'resend-5', status: 'delivered', at: new Date() }])).applied).toBe(1);
    expect(await message(claimed.id)).toMatchObject({ status: 'delivered' });
  });

  it('treats a lost link as no attempt and no error, and an unanswered submit as maybe handed over', () => {
    const claimed = (id: string): ClaimedMessage => ({
      id,
      kind: 'campaign',
      attempts: 2,
      contactId: null,
      phone: phone(6),
      senderId: null,
      gatewayId: GATEWAY,
      body: null,
      priority: 0,
    });
    const sms = (id: string) => ({ messageId: id, to: phone(6), from: null, body: 'Hi', encoding: 'GSM-7' as const, segments: 1 });
    const sent = ['1', '2', '3'].map((id) => ({ message: claimed(id), sms: sms(id) }));
    const { outcomes, errorsSinceLastAccept } = outcomesOf(sent, [
      { messageId: '1', outcome: 'retry', errorCode: 'NOT_CONNECTED', errorText: 'Not connected', link: 'down' },
      { messageId: '2', outcome: 'retry', errorCode: 'CONNECTION_LOST', errorText: 'Lost', link: 'lost', maybeAccepted: true },
      { messageId: '3', outcome: 'retry', errorCode: 'TIMEOUT', errorText: 'No answer', maybeAccepted: true },
    ]);
    expect(outcomes.map((o) => [o.status, o.uncountAttempt ?? false, o.maybeHanded ?? false])).toEqual([
      ['queued', true, false],
      ['queued', true, true],
      ['queued', false, true],
    ]);
    // Only the SMSC's own failure to answer counts toward the automatic pause.
    expect(errorsSinceLastAccept).toBe(1);
  });
});
