import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/helper.ts';
import { readOneCampaignCounts, rollUpCounts } from '../campaigns/index.ts';
import { claimCampaignBatch, claimOneOffBatch, writeOutcomes, type MessageOutcome } from './dispatch.queries.ts';
import { fanOutChunk } from './fanout.ts';
import { recoverExpiredLeases } from './housekeeping.queries.ts';
import { takeTokens } from './rate-limiter.ts';
import { applyReceipts, reapplyPendingReceipts } from './receipts.queries.ts';

const GATEWAY = '00000000-0000-4000-8000-000000000001';

/** A campaign row in 'sending' with the default audience (all contacts). */
async function sendingCampaign(db: Db, name: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into campaigns (name, body, audience, status, gateway_id, launched_at)
    values (${name}, 'Hi', '{"type":"all"}'::jsonb, 'sending', ${GATEWAY}, now()) returning id`,
  );
  return row?.id ?? '';
}

const sent = (id: string, attempts: number, gid: string): MessageOutcome => ({
  id,
  attempts,
  status: 'sent',
  gatewayMessageId: gid,
  body: 'Hi',
  segments: 1,
  encoding: 'GSM-7',
  errorCode: null,
  errorText: null,
  nextAttemptAt: null,
});

async function statuses(db: Db, campaignId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from messages where campaign_id = ${campaignId} group by status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

describe('sending engine internals (real database)', () => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await startTestServer();
    db = server.database.db;
    await seedContacts(server, 250);
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    await db.execute(sql`delete from campaigns`);
  });

  it('fans out in chunks, idempotently: repeating every chunk adds nothing', async () => {
    const id = await sendingCampaign(db, 'fan-out');
    const campaign = { id, audience: { type: 'all' as const }, gatewayId: GATEWAY, senderId: null };
    const results: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const result = await fanOutChunk(db, campaign, 100);
      results.push(result);
      if (result === 'done') break;
    }
    expect(results).toEqual(['more', 'more', 'done']);
    // A crash after the inserts but before the cursor moved: replay from the start.
    await db.execute(sql`update campaigns set audience_ready_at = null, fanout_cursor = null where id = ${id}`);
    while ((await fanOutChunk(db, campaign, 100)) !== 'done');
    expect(await statuses(db, id)).toEqual({ queued: 250 });
    await rollUpCounts(db);
    expect((await readOneCampaignCounts(db, id)).queued).toBe(250);
  });

  it('does not fan out a cancelled campaign', async () => {
    const id = await sendingCampaign(db, 'cancelled early');
    await db.execute(sql`update campaigns set status = 'cancelled' where id = ${id}`);
    expect(await fanOutChunk(db, { id, audience: { type: 'all' }, gatewayId: GATEWAY, senderId: null }, 100)).toBe('busy');
    expect(await statuses(db, id)).toEqual({});
  });

  it('recovers messages whose lease expired, and ignores the late write-back of the worker that lost them', async () => {
    const id = await sendingCampaign(db, 'lease');
    while ((await fanOutChunk(db, { id, audience: { type: 'all' }, gatewayId: GATEWAY, senderId: null }, 1000)) !== 'done');
    const first = await claimCampaignBatch(db, id, 10, 60);
    expect(first).toHaveLength(10);
    // Claimed in id order, nobody else gets them while leased.
    const second = await claimCampaignBatch(db, id, 10, 60);
    expect(new Set([...first, ...second].map((m) => m.id)).size).toBe(20);
    // The first worker dies: its lease runs out and the messages are queued again.
    await db.execute(
      sql`update messages set lease_until = now() - interval '1 second' where id = any(${sql.param(first.map((m) => m.id))}::bigint[])`,
    );
    expect(await recoverExpiredLeases(db)).toBe(10);
    const again = await claimCampaignBatch(db, id, 10, 60);
    expect(again.map((m) => m.id)).toEqual(first.map((m) => m.id));
    expect(again.every((m) => m.attempts === 2)).toBe(true);
    // The dead worker's write-back arrives late (attempt 1): nothing changes. The new claim's lands.
    expect(
      (
        await writeOutcomes(
          db,
          GATEWAY,
          first.map((m) => sent(m.id, m.attempts, `old-${m.id}`)),
        )
      ).written,
    ).toBe(0);
    expect(
      (
        await writeOutcomes(
          db,
          GATEWAY,
          again.map((m) => sent(m.id, m.attempts, `new-${m.id}`)),
        )
      ).written,
    ).toBe(10);
    const rows = await queryRows<{ gateway_message_id: string }>(
      db,
      sql`select gateway_message_id from messages where id = any(${sql.param(first.map((m) => m.id))}::bigint[])`,
    );
    expect(rows.every((row) => row.gateway_message_id.startsWith('new-'))).toBe(true);
  });

  it('applies receipts in any order and any number of times, and parks those that beat the write-back', async () => {
    const id = await sendingCampaign(db, 'receipts');
    while ((await fanOutChunk(db, { id, audience: { type: 'all' }, gatewayId: GATEWAY, senderId: null }, 1000)) !== 'done');
    const batch = await claimCampaignBatch(db, id, 4, 60);
    const [a, b, c, d] = batch.map((m) => m.id);
    const at = (seconds: number) => new Date(Date.now() - 60_000 + seconds * 1000);
    // d's receipt arrives before its write-back committed: parked.
    expect(await applyReceipts(db, GATEWAY, [{ gatewayMessageId: `g-${d}`, status: 'delivered', at: at(1) }])).toEqual({
      applied: 0,
      parked: 1,
    });
    // The write-back sees it parked (then the sender takes it out: reapplyPendingReceipts below).
    const written = await writeOutcomes(
      db,
      GATEWAY,
      batch.map((m) => sent(m.id, m.attempts, `g-${m.id}`)),
    );
    expect(written).toEqual({ written: 4, repliesPending: false, receiptsPending: true });
    // a: duplicated; b: undelivered then a late delivered; c: delivered then a stale undelivered.
    const result = await applyReceipts(db, GATEWAY, [
      { gatewayMessageId: `g-${a}`, status: 'delivered', at: at(2) },
      { gatewayMessageId: `g-${a}`, status: 'delivered', at: at(2) },
      { gatewayMessageId: `g-${b}`, status: 'undelivered', errorCode: 'E1', at: at(3) },
      { gatewayMessageId: `g-${c}`, status: 'delivered', at: at(4) },
    ]);
    expect(result).toEqual({ applied: 3, parked: 0 });
    await applyReceipts(db, GATEWAY, [
      { gatewayMessageId: `g-${b}`, status: 'delivered', at: at(5) },
      { gatewayMessageId: `g-${c}`, status: 'undelivered', errorCode: 'LATE', at: at(1) },
      { gatewayMessageId: `g-${a}`, status: 'failed', at: at(6) },
    ]);
    expect(await reapplyPendingReceipts(db, GATEWAY, { gatewayMessageIds: [`g-${d}`] })).toBe(1);
    const rows = await queryRows<{ id: string; status: string; error_code: string | null }>(
      db,
      sql`select id::text, status, error_code from messages where id = any(${sql.param(batch.map((m) => m.id))}::bigint[]) order by id`,
    );
    expect(rows.map((row) => [row.status, row.error_code])).toEqual([
      ['delivered', null],
      ['delivered', null],
      ['delivered', null],
      ['delivered', null],
    ]);
    expect(await queryRows(db, sql`select 1 from pending_receipts`)).toHaveLength(0);
    // The counters agree with the rows after all that.
    await rollUpCounts(db);
    const counts = await readOneCampaignCounts(db, id);
    const rowCounts = await statuses(db, id);
    expect({ queued: counts.queued, delivered: counts.delivered, total: counts.total }).toEqual({
      queued: rowCounts.queued,
      delivered: rowCounts.delivered,
      total: 250,
    });
  });

  it('claims one-offs with their contacts in one statement, and writes them back in one without a parked receipt', async () => {
    // Contacts of their own (the campaigns above count every contact).
    const contacts = await queryRows<{ id: string; phone: string }>(
      db,
      sql`insert into contacts (phone, first_name, status) values ('+447711000001', 'Ada', 'active'), ('+447711000002', 'Bo', 'opted_out'),
          ('+447711000003', 'Cy', 'active') returning id, phone`,
    );
    const [active, optedOut, deleted] = contacts;
    await db.execute(sql`insert into messages (kind, contact_id, gateway_id, phone, body, priority)
      select 'api', c.id, ${GATEWAY}, c.phone, 'Code', 1 from contacts c where c.id = any(${sql.param(contacts.map((c) => c.id))}::uuid[])`);
    await db.execute(sql`delete from contacts where id = ${deleted?.id}`);
    const { claimed, contacts: read } = await claimOneOffBatch(db, 10, 60);
    expect(claimed.map((m) => m.contactId).sort()).toEqual(contacts.map((c) => c.id).sort());
    expect(read.get(active?.id ?? '')).toMatchObject({ status: 'active', phone: active?.phone, firstName: 'Ada' });
    expect(read.get(optedOut?.id ?? '')?.status).toBe('opted_out');
    expect(read.has(deleted?.id ?? '')).toBe(false);
    const written = await writeOutcomes(
      db,
      GATEWAY,
      claimed.map((m) => sent(m.id, m.attempts, `one-off-${m.id}`)),
      { relaxed: true },
    );
    expect(written).toEqual({ written: 3, repliesPending: false, receiptsPending: false });
    const rows = await queryRows<{ status: string }>(
      db,
      sql`select status from messages where id = any(${sql.param(claimed.map((m) => m.id))}::bigint[])`,
    );
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    await db.execute(sql`delete from messages where campaign_id is null`);
    await db.execute(sql`delete from contacts where phone like '+44771100000%'`);
  });

  it('hands out rate tokens no faster than the rate, shared through the database', async () => {
    // Time as the bucket counts it: the database's clock at each take (a loaded host may sleep
    // longer than asked, or pause between two takes).
    const takenAt = async () =>
      Number(
        (
          await queryRows<{ at: number }>(
            db,
            sql`select extract(epoch from refilled_at)::float8 as at from rate_buckets where key = 'test:bucket'`,
          )
        )[0]?.at,
      );
    const first = await takeTokens(db, 'test:bucket', 10, 50);
    expect(first.granted).toBe(10);
    const firstAt = await takenAt();
    const empty = await takeTokens(db, 'test:bucket', 10, 50);
    const emptyAt = await takenAt();
    // 10 per second: whatever refilled since the first take, and nothing more.
    expect(empty.granted).toBe(Math.floor((emptyAt - firstAt) * 10));
    if (empty.granted === 0) {
      expect(empty.waitMs).toBeGreaterThan(0);
      expect(empty.waitMs).toBeLessThanOrEqual(100);
    }
    await new Promise((resolve) => setTimeout(resolve, 350));
    const refilled = await takeTokens(db, 'test:bucket', 10, 50);
    const refilledAt = await takenAt();
    // At least what 350 ms refill, at most what the time that really passed refills (plus the part token left over).
    const refill = (refilledAt - emptyAt) * 10;
    expect(refilled.granted).toBeGreaterThanOrEqual(3);
    expect(refilled.granted).toBeGreaterThanOrEqual(Math.min(10, Math.floor(refill)));
    expect(refilled.granted).toBeLessThanOrEqual(Math.min(10, Math.floor(refill + 1)));
  });
});
