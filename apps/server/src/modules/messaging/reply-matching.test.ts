import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../gateways/gateway.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/helper.ts';
import { domainEvents } from '../../sending.ts';
import { readOneCampaignCounts } from '../campaigns/index.ts';
import { claimCampaignBatch, writeOutcomes, type ClaimedMessage, type MessageOutcome } from './dispatch.queries.ts';
import { fanOutChunk } from './fanout.ts';
import { storeInbound } from './inbound-store.ts';
import { applyReceipts } from './receipts.queries.ts';
import { matchPendingReplies, processInbound } from '../inbound/index.ts';

const GATEWAY = DEFAULT_SIMULATOR_GATEWAY_ID;
const phone = (i: number) => `+447700${String(i).padStart(6, '0')}`;
let sequence = 0;

const outcome = (message: ClaimedMessage, status: 'sent' | 'failed'): MessageOutcome => ({
  id: message.id,
  attempts: message.attempts,
  status,
  gatewayMessageId: status === 'sent' ? `gid-${message.id}` : null,
  body: 'Hi',
  segments: 1,
  encoding: 'GSM-7',
  errorCode: status === 'failed' ? 'REFUSED' : null,
  errorText: status === 'failed' ? 'Refused' : null,
  nextAttemptAt: null,
});

/**
 * Reply matching and receipts, each step run by hand in the order a real SMSC can produce: a reply
 * that arrives while its message is still being handed over, a write-back that lands before or
 * after the reply is processed, receipts on either side of a reply, and a gateway process whose
 * clock is off the database's.
 */
describe('replies and receipts in any order', () => {
  let server: TestServer;
  let db: Db;
  /** Every contact got a message of this campaign days ago (still within its window). */
  let older: string;
  /** Claimed and being handed to the gateway. */
  let newer: string;
  let inFlight: Map<string, ClaimedMessage>;

  const campaign = async (name: string) => {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`insert into campaigns (name, body, audience, status, gateway_id, launched_at, reply_window_hours)
      values (${name}, 'Hi', '{"type":"all"}'::jsonb, 'sending', ${GATEWAY}, now() - interval '3 days', 240) returning id`,
    );
    const id = row?.id ?? '';
    expect(await fanOutChunk(db, { id, audience: { type: 'all' }, gatewayId: GATEWAY, senderId: null }, 1_000)).toBe('done');
    return id;
  };
  const receive = async (i: number, body: string, clock: Clock = Date.now) => {
    const ids = await storeInbound(
      db,
      GATEWAY,
      [{ gatewayMessageId: `order-${++sequence}`, from: phone(i), to: 'ACME', body, receivedAt: new Date(clock()) }],
      clock,
    );
    await processInbound(db, ids, domainEvents());
    return ids[0] ?? '';
  };
  const messageOf = async (campaignId: string, i: number) =>
    (
      await queryRows<{ id: string; status: string; reply_text: string | null; ordered: boolean; carrier_done_at: string | Date | null }>(
        db,
        sql`select m.id::text, m.status, m.reply_text, m.carrier_done_at,
                 coalesce(m.sent_at <= m.delivered_at and m.delivered_at <= coalesce(m.replied_at, m.delivered_at), true) as ordered
          from messages m join contacts c on c.id = m.contact_id where m.campaign_id = ${campaignId} and c.phone = ${phone(i)}`,
      )
    )[0];
  const inbound = async (id: string) =>
    (
      await queryRows<{ reply_to: string | null; pending: boolean }>(
        db,
        sql`select reply_to_message_id::text as reply_to, reply_pending as pending from inbound_messages where id = ${id}`,
      )
    )[0];
  const writeBack = (i: number, status: 'sent' | 'failed', matchPending: boolean) =>
    db.transaction(async (tx) => {
      const message = inFlight.get(phone(i));
      if (!message) throw new Error(`no message in flight for ${phone(i)}`);
      const { repliesPending } = await writeOutcomes(tx, GATEWAY, [outcome(message, status)]);
      if (matchPending && repliesPending) await matchPendingReplies(tx, [message.contactId ?? '']);
      return repliesPending;
    });

  beforeAll(async () => {
    server = await startTestServer();
    db = server.database.db;
    await seedContacts(server, 8);
    older = await campaign('Older');
    const handed = await claimCampaignBatch(db, older, 100, 120);
    await writeOutcomes(
      db,
      GATEWAY,
      handed.map((message) => outcome(message, 'sent')),
    );
    await db.execute(sql`update messages set sent_at = now() - interval '2 days' where campaign_id = ${older}`);
    newer = await campaign('Newer');
    inFlight = new Map((await claimCampaignBatch(db, newer, 100, 120)).map((message) => [message.phone, message]));
  });
  afterAll(() => server?.close());

  it('keeps a reply that arrives during the handover pending, then gives it to the message once accepted', async () => {
    const reply = await receive(1, 'YES');
    expect(await inbound(reply)).toEqual({ reply_to: null, pending: true });
    expect((await messageOf(older, 1))?.reply_text).toBeNull();
    // The write-back learns in the same statement that a reply waits for it.
    expect(await writeBack(1, 'sent', true)).toBe(true);
    expect(await inbound(reply)).toEqual({ reply_to: (await messageOf(newer, 1))?.id, pending: false });
    expect(await messageOf(newer, 1)).toMatchObject({ status: 'delivered', reply_text: 'YES', ordered: true });
    expect((await messageOf(older, 1))?.reply_text).toBeNull();
  });

  it('gives the reply to the older message when the gateway refuses the one in flight', async () => {
    const reply = await receive(2, 'NO');
    await writeBack(2, 'failed', true);
    expect(await inbound(reply)).toEqual({ reply_to: (await messageOf(older, 2))?.id, pending: false });
    expect((await messageOf(older, 2))?.reply_text).toBe('NO');
  });

  it('lets housekeeping match a reply the write-back missed, and the earliest reply wins', async () => {
    const first = await receive(3, 'First');
    // The write-back commits without seeing it (its processing had not committed yet).
    await writeBack(3, 'sent', false);
    const second = await receive(3, 'Second');
    expect((await messageOf(newer, 3))?.reply_text).toBe('Second');
    expect(await db.transaction((tx) => matchPendingReplies(tx, null))).toBe(1);
    const message = await messageOf(newer, 3);
    expect(message).toMatchObject({ reply_text: 'First', ordered: true });
    expect([await inbound(first), await inbound(second)]).toEqual([
      { reply_to: message?.id, pending: false },
      { reply_to: message?.id, pending: false },
    ]);
  });

  it.each([5_000, -5_000])('stores the arrival by the database clock when the gateway process clock is %i ms off', async (skewMs) => {
    const i = skewMs > 0 ? 4 : 5;
    const [before] = await queryRows<{ at: string }>(db, sql`select now()::text as at`);
    const reply = await receive(i, 'OK', () => Date.now() + skewMs);
    const [row] = await queryRows<{ after_before: boolean; before_now: boolean }>(
      db,
      sql`select received_at >= ${before?.at}::timestamptz as after_before, received_at <= now() as before_now from inbound_messages where id = ${reply}`,
    );
    expect(row).toEqual({ after_before: true, before_now: true });
    // So the claim before it (same clock) is before the reply: it waits for the outcome.
    expect((await inbound(reply))?.pending).toBe(true);
    await writeBack(i, 'sent', true);
    expect((await messageOf(newer, i))?.reply_text).toBe('OK');
  });

  it('makes a replied message delivered whatever receipts say before or after, delivered no earlier than sent', async () => {
    expect(await writeBack(6, 'sent', true)).toBe(false);
    expect(await writeBack(7, 'sent', true)).toBe(false);
    const carrierDate = new Date(Date.now() - 60_000);
    await applyReceipts(db, GATEWAY, [
      {
        gatewayMessageId: `gid-${inFlight.get(phone(6))?.id}`,
        status: 'undelivered',
        errorCode: '001',
        errorText: 'UNDELIV',
        at: carrierDate,
      },
    ]);
    expect((await messageOf(newer, 6))?.status).toBe('undelivered');
    await receive(6, 'Got it');
    await applyReceipts(db, GATEWAY, [{ gatewayMessageId: `gid-${inFlight.get(phone(6))?.id}`, status: 'undelivered', at: new Date() }]);
    expect(await messageOf(newer, 6)).toMatchObject({ status: 'delivered', reply_text: 'Got it', ordered: true });
    // A carrier whose done date is before the send (minute precision, its own clock).
    await applyReceipts(db, GATEWAY, [{ gatewayMessageId: `gid-${inFlight.get(phone(7))?.id}`, status: 'delivered', at: carrierDate }]);
    const seven = await messageOf(newer, 7);
    expect(seven).toMatchObject({ status: 'delivered', ordered: true });
    expect(new Date(seven?.carrier_done_at ?? 0).toISOString()).toBe(carrierDate.toISOString());
    const counts = await readOneCampaignCounts(db, newer);
    expect({ replied: counts.replied, delivered: counts.delivered }).toEqual({ replied: 5, delivered: 6 });
  });
});
