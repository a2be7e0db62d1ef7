import type { DeliverySummary, NonRespondersResponse, Tag1Report } from '@sms/contracts/reports';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { scanErrors, scanTag1Cells, scanTimelineRows } from '../../../test/report-scans.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { rollUpReportAggregates } from '../campaigns/index.ts';
import { bucketTimeline, nonResponderCounts, tag1Figures } from './reports.service.ts';

/**
 * The reports' aggregates (decision 089) against a full scan of the message rows, on random
 * campaigns written the way the sending path writes them: fan-out in chunks (some rows without
 * their tag1, filled at insert), claims, write-backs, receipts arriving before the write-back or
 * contradicting an earlier one, failures, replies (some without a word), opt-outs in answer,
 * expiry, deleted rows; deltas folded at random moments, part of them, or not at all. Every figure
 * of the tag1 report, the delivery timeline and the non-responders' counts is compared.
 */

const CONTACTS = 400;
const CAMPAIGNS = 6;
const SEED = Number(process.env.REPORT_AGGREGATES_SEED ?? Date.now() % 1_000_000);

/** A small deterministic generator (mulberry32), so a failing seed can be run again. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    /** A random part (about `share`) of the list, in random order. */
    some: <T>(list: readonly T[], share: number): T[] => list.filter(() => next() < share).sort(() => next() - 0.5),
  };
}

describe(`report aggregates equal a full scan (seed ${SEED})`, () => {
  let server: TestServer;
  let admin: TestAccount;
  const rng = random(SEED);
  const campaignIds: string[] = [];

  const db = () => server.database.db;
  const get = async <T>(path: string): Promise<T> => {
    const response = await server.get<T>(path, { token: admin.token });
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body;
  };
  const idsWhere = async (campaignId: string, condition: string) =>
    (
      await queryRows<{ id: string }>(
        db(),
        sql`select id::text as id from messages where campaign_id = ${campaignId} and ${sql.raw(condition)} order by id`,
      )
    ).map((row) => row.id);
  /** Up to a random share of the rows matching `condition`, updated in one or a few statements. */
  const inStatements = async (campaignId: string, condition: string, share: number, set: (ids: string[]) => PromiseLike<unknown>) => {
    const ids = rng.some(await idsWhere(campaignId, condition), share);
    const parts = 1 + rng.int(3);
    for (let part = 0; part < parts; part++) {
      const slice = ids.filter((_, i) => i % parts === part);
      if (slice.length > 0) await set(slice);
    }
    if (rng.next() < 0.4) await rollUpReportAggregates(db(), 1 + rng.int(20));
  };
  /** Each id with its own offset (seconds) from `base`, as one statement's rows. */
  const offsets = (ids: string[], spread: number) => ({
    ids: sql.param(ids.map(Number)),
    secs: sql.param(ids.map(() => Math.round(rng.next() * spread * 1000) / 1000)),
  });

  async function writeCampaign(index: number): Promise<string> {
    // Short sends (second buckets), a few hours (minutes), days (hours or days).
    const spread = rng.pick([40, 150, 3 * 3600, 5 * 86_400]);
    const startedAgo = rng.pick([600, 2 * 3600, 4 * 86_400]);
    const [campaign] = await queryRows<{ id: string; base: string }>(
      db(),
      sql`insert into campaigns (name, body, audience, status, launched_at, audience_ready_at, reply_window_hours)
          values (${`Random ${index}`}, 'Hello', '{"type":"all"}', 'sending', now() - make_interval(secs => ${startedAgo}),
                  now(), ${rng.pick([1, 24, 72])})
          returning id, launched_at::text as base`,
    );
    const id = campaign!.id;
    const base = sql`${campaign!.base}::timestamptz`;
    // Fan-out in chunks; some chunks leave tag1 to the insert trigger.
    const contacts = rng.some(
      (await queryRows<{ id: string }>(db(), sql`select id from contacts order by id`)).map((row) => row.id),
      0.3 + rng.next() * 0.6,
    );
    for (let start = 0; start < contacts.length; start += 97) {
      const chunk = sql.param(contacts.slice(start, start + 97));
      await db().execute(
        rng.next() < 0.5
          ? sql`insert into messages (kind, campaign_id, contact_id, phone, tag1)
                select 'campaign', ${id}, c.id, c.phone, coalesce(c.tag1, '') from contacts c where c.id = any(${chunk}::uuid[])`
          : sql`insert into messages (kind, campaign_id, contact_id, phone)
                select 'campaign', ${id}, c.id, c.phone from contacts c where c.id = any(${chunk}::uuid[])`,
      );
    }
    // Claims, then write-backs (each message its own sent time).
    await inStatements(id, `status = 'queued'`, 0.9, (ids) =>
      db().execute(
        sql`update messages set status = 'sending', attempts = attempts + 1 where id = any(${sql.param(ids.map(Number))}::bigint[])`,
      ),
    );
    // Receipts that came before the write-back: delivered, no sent time yet.
    await inStatements(id, `status = 'sending'`, 0.1, async (ids) => {
      const o = offsets(ids, spread);
      await db().execute(sql`update messages m set status = 'delivered', delivered_at = ${base} + make_interval(secs => v.secs + 3)
        from unnest(${o.ids}::bigint[], ${o.secs}::float8[]) v(id, secs) where m.id = v.id`);
    });
    await inStatements(id, `status = 'sending' or (status = 'delivered' and sent_at is null)`, 0.95, async (ids) => {
      const o = offsets(ids, spread);
      await db().execute(sql`update messages m set status = case when m.status = 'sending' then 'sent' else m.status end,
          sent_at = ${base} + make_interval(secs => v.secs), gateway_message_id = 'g' || m.id
        from unnest(${o.ids}::bigint[], ${o.secs}::float8[]) v(id, secs) where m.id = v.id`);
    });
    // Receipts: delivered, undelivered (some contradicting an earlier delivered one), failed at hand-over.
    await inStatements(id, `status = 'sent'`, 0.8, (ids) =>
      db().execute(sql`update messages set status = 'delivered', delivered_at = sent_at + make_interval(secs => (id % 90)::int)
        where id = any(${sql.param(ids.map(Number))}::bigint[])`),
    );
    await inStatements(id, `status in ('sent', 'delivered')`, 0.08, (ids) =>
      db().execute(sql`update messages set status = 'undelivered', failed_at = sent_at + make_interval(secs => (id % 200)::int),
        error_code = 'UNREACHABLE', error_text = (array['Handset off', 'Absent subscriber', null])[1 + id % 3]
        where id = any(${sql.param(ids.map(Number))}::bigint[])`),
    );
    await inStatements(id, `status = 'sending'`, 0.5, (ids) =>
      db().execute(sql`update messages set status = 'failed', failed_at = ${base} + make_interval(secs => (id % 50)::int),
        error_code = 'SIM_REJECTED' where id = any(${sql.param(ids.map(Number))}::bigint[])`),
    );
    // A text erased later (as contact erasure does).
    await inStatements(id, `error_text = 'Absent subscriber'`, 0.5, (ids) =>
      db().execute(sql`update messages set error_text = null where id = any(${sql.param(ids.map(Number))}::bigint[])`),
    );
    await inStatements(id, `status = 'sent'`, 0.2, (ids) =>
      db().execute(sql`update messages set status = 'unknown' where id = any(${sql.param(ids.map(Number))}::bigint[])`),
    );
    // Replies (first replies: some texts have no word), then opt-outs in answer.
    await inStatements(id, `status in ('sent', 'delivered', 'undelivered', 'unknown') and replied_at is null`, 0.35, (ids) =>
      db().execute(sql`update messages set replied_at = coalesce(delivered_at, sent_at) + make_interval(mins => (id % 700)::int),
          reply_text = (array['Yes', 'no', '...', 'Maybe later', 'STOP'])[1 + id % 5],
          reply_word = (array['YES', 'NO', null, 'MAYBE', 'STOP'])[1 + id % 5]
        where id = any(${sql.param(ids.map(Number))}::bigint[])`),
    );
    await inStatements(id, `reply_word = 'STOP' and opted_out_at is null`, 0.9, (ids) =>
      db().execute(sql`update messages set opted_out_at = replied_at where id = any(${sql.param(ids.map(Number))}::bigint[])`),
    );
    // What is left: expired (skipped) or cancelled; a few rows deleted.
    await inStatements(id, `status in ('queued', 'sending')`, 0.6, (ids) =>
      db().execute(sql`update messages set status = 'skipped' where id = any(${sql.param(ids.map(Number))}::bigint[])`),
    );
    await inStatements(id, `status in ('queued', 'sending')`, 1, (ids) =>
      db().execute(sql`update messages set status = 'cancelled' where id = any(${sql.param(ids.map(Number))}::bigint[])`),
    );
    await inStatements(id, `true`, 0.02, (ids) =>
      db().execute(sql`delete from messages where id = any(${sql.param(ids.map(Number))}::bigint[])`),
    );
    await db().execute(sql`update campaigns set status = 'completed', completed_at = now() where id = ${id}`);
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    await seedContacts(server, CONTACTS, { tags: ['north', 'south', '', 'east', '=west'] });
    for (let i = 0; i < CAMPAIGNS; i++) campaignIds.push(await writeCampaign(i));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** Every whole-campaign figure through HTTP next to the same figures from the scan. */
  async function compare(campaignId: string): Promise<void> {
    const cells = await scanTag1Cells(db(), campaignId);
    const tag1 = await get<Tag1Report>(`/api/reports/tag1-grouped/${campaignId}`);
    expect({ groups: tag1.groups, totals: tag1.totals }).toEqual(tag1Figures(cells));

    const scan = await scanTimelineRows(db(), campaignId);
    const { bucket, points } = bucketTimeline(scan.rows, scan.unit);
    const delivery = await get<DeliverySummary>(`/api/reports/delivery/${campaignId}`);
    expect({ bucket: delivery.bucket, timeline: delivery.timeline, errors: delivery.errors }).toEqual({
      bucket,
      timeline: points.map((point) => ({ ...point, at: point.at.toISOString() })),
      errors: await scanErrors(db(), campaignId),
    });

    const [{ hours }] = (await queryRows<{ hours: number }>(
      db(),
      sql`select reply_window_hours as hours from campaigns where id = ${campaignId}`,
    )) as [{ hours: number }];
    const windowOpen = (chosen?: string[]) => {
      const last = Math.max(
        0,
        ...cells
          .filter(
            (cell) => (!chosen || chosen.includes(cell.tag1)) && ['sent', 'delivered', 'unknown'].includes(cell.status) && !cell.replied,
          )
          .map((cell) => cell.lastSentAt?.getTime() ?? 0),
      );
      return last > 0 && last + hours * 3_600_000 > Date.now();
    };
    const counts = nonResponderCounts(cells);
    const all = await get<NonRespondersResponse>(`/api/reports/non-responders/${campaignId}?limit=1`);
    expect({ total: all.total, tag1Counts: all.tag1Counts, windowOpen: all.windowOpen }).toEqual({
      total: counts.reduce((sum, t) => sum + t.n, 0),
      tag1Counts: counts,
      windowOpen: windowOpen(),
    });
    for (const value of ['north', '']) {
      const some = await get<NonRespondersResponse>(`/api/reports/non-responders/${campaignId}?limit=1&tag1=${encodeURIComponent(value)}`);
      expect({ total: some.total, windowOpen: some.windowOpen }).toEqual({
        total: counts.find((t) => t.tag1 === value)?.n ?? 0,
        windowOpen: windowOpen([value]),
      });
    }
  }

  it('gives every figure of the tag1, delivery and non-responders reports as the scan does, deltas pending or folded', async () => {
    for (const id of campaignIds) await compare(id);
    while ((await rollUpReportAggregates(db(), 1 + rng.int(500))) > 0);
    for (const id of campaignIds) await compare(id);
    // The scan must have something to agree on.
    const [seen] = await queryRows<{ n: number; tags: number; replied: number; opted: number }>(
      db(),
      sql`select count(*)::int as n, count(distinct tag1)::int as tags, count(replied_at)::int as replied, count(opted_out_at)::int as opted
          from messages where campaign_id = any(${sql.param(campaignIds)}::uuid[])`,
    );
    expect(seen!.n).toBeGreaterThan(CAMPAIGNS * 50);
    expect(seen!.tags).toBe(5);
    expect(seen!.replied).toBeGreaterThan(0);
    expect(seen!.opted).toBeGreaterThan(0);
  });

  it('keeps an earlier campaign’s figures when contacts change their tag1 afterwards', async () => {
    const id = campaignIds[0]!;
    const before = await get<Tag1Report>(`/api/reports/tag1-grouped/${id}`);
    const table = await get<{ total: number }>(`/api/reports/delivery/${id}/recipients?tag1=north&limit=1`);
    await db().execute(sql`update contacts set tag1 = case when tag1 = 'north' then 'south' else 'north' end`);
    expect(await get<Tag1Report>(`/api/reports/tag1-grouped/${id}`)).toEqual(before);
    expect((await get<{ total: number }>(`/api/reports/delivery/${id}/recipients?tag1=north&limit=1`)).total).toBe(table.total);
    await compare(id);
  });

  it('exports reply texts with quotes, commas, line breaks, tabs and backslashes as stored', async () => {
    const id = campaignIds[1]!;
    const texts = ['say "hi", ok', 'two\nlines\r\nhere', 'tab\there', 'back\\slash \\n not a newline', '=1+2', 'plain'];
    const ids = await idsWhere(id, 'true');
    await db().execute(
      sql`update messages set reply_text = (${sql.param(texts)}::text[])[1 + (id % ${texts.length})] where id = any(${sql.param(ids.map(Number))}::bigint[])`,
    );
    const response = await fetch(`${server.baseUrl}/api/reports/delivery/${id}/recipients/export?format=csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const text = (await response.text()).replace(/^\uFEFF/, '');
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(0, -2), { newline: '\r\n' }).data;
    const [header, ...rows] = parsed;
    const column = header!.indexOf('reply_text');
    const stored = await queryRows<{ reply_text: string }>(
      db(),
      sql`select reply_text from messages where campaign_id = ${id} order by contact_id`,
    );
    expect(rows.map((row) => row[column])).toEqual(stored.map((row) => (row.reply_text === '=1+2' ? "'=1+2" : row.reply_text)));
  });
});
