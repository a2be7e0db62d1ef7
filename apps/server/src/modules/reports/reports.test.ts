import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { MESSAGE_STATUSES } from '@sms/contracts/messages';
import type { DeliverySummary, NonRespondersResponse, ReportCampaignRow, Tag1Report } from '@sms/contracts/reports';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { InboundSms } from '../../gateways/gateway.ts';
import { createCampaign, getCampaign, launchCampaign, MISSING_ID, settledCounts, waitForCampaign } from '../../../test/campaign-api.ts';
import { configureSimulator, seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

let server: TestServer;
let admin: TestAccount;
let campaignId: string;
let draftId: string;

const phone = (i: number) => `+447700${String(i).padStart(6, '0')}`;
let sequence = 0;
const inbound = (from: string, body: string): InboundSms => ({
  gatewayMessageId: `report-in-${++sequence}`,
  from,
  to: '+447700999999',
  body,
  receivedAt: new Date(),
});
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(server.database.db, query);
const get = async <T = any>(path: string, token = admin.token) => {
  const response = await server.get<T>(path, { token });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
};
const download = (path: string, token = admin.token) =>
  fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
/** CSV text -> rows of cells (the exports quote only cells with quotes, commas or line breaks; these tests avoid them). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

// 24 contacts, tag1 cycling north, south, (none): i % 3 = 0 -> north, 1 -> south, 2 -> none.
const CONTACTS = 24;

beforeAll(async () => {
  server = await startTestServer({ engine: { batchSize: 10 } });
  admin = await server.createAdmin();
  await configureSimulator(server, admin.token, {});
  await seedContacts(server, CONTACTS, { tags: ['north', 'south', ''] });
  // A name a spreadsheet would run as a formula.
  await server.database.db.execute(sql`update contacts set first_name = '=HYPERLINK("http://x")' where phone = ${phone(7)}`);
  // And one that needs CSV quoting, with a line break.
  await server.database.db.execute(sql`update contacts set last_name = ${'Smith, "Jr"\nII'} where phone = ${phone(8)}`);
  const campaign = await createCampaign(server, admin.token, {
    name: 'Report source',
    body: 'Are you coming? Reply YES or NO',
    replyWindowHours: 48,
  });
  campaignId = campaign.id;
  await launchCampaign(server, admin.token, campaignId);
  await waitForCampaign(server, admin.token, campaignId, (c) => c.status === 'completed', 'completion');
  await settledCounts(server, admin.token, campaignId);
  // Replies through the inbound path (as the simulator hands them over): 1..6 answer, 6 opts out by keyword.
  const replies: Array<[number, string]> = [
    [1, 'YES'],
    [2, 'yes!'],
    [3, 'No'],
    [4, 'YES please'],
    [5, '=1+2'],
    [6, 'STOP'],
  ];
  await server.engine?.inbound(
    DEFAULT_SIMULATOR_GATEWAY_ID,
    replies.map(([i, body]) => inbound(phone(i), body)),
  );
  // Two messages failed at the gateway, one undelivered.
  await server.database.db
    .execute(sql`update messages set status = 'failed', error_code = 'SIM_REJECTED', error_text = 'Rejected', failed_at = now(), delivered_at = null
    where campaign_id = ${campaignId} and phone = any(${sql.param([phone(20), phone(21)])}::text[])`);
  await server.database.db
    .execute(sql`update messages set status = 'undelivered', error_code = 'SIM_UNREACHABLE', failed_at = now(), delivered_at = null
    where campaign_id = ${campaignId} and phone = ${phone(22)}`);
  // Contact 23 is opted out by an admin (not by keyword): flagged among non-responders, not counted as an opt-out of the campaign.
  await server.database.db.execute(
    sql`update contacts set status = 'opted_out', opted_out_at = now(), opt_out_source = 'admin' where phone = ${phone(23)}`,
  );
  draftId = (await createCampaign(server, admin.token, { name: 'Report draft', body: 'Hello' })).id;
}, 60_000);
afterAll(() => server?.close());

const counts = async () => {
  const campaign = await getCampaign(server, admin.token, campaignId);
  expect(campaign.counts.replied).toBe(6);
  return campaign.counts;
};

describe('GET /api/reports/campaigns', () => {
  it('lists launched campaigns (no drafts) with the counters of GET /api/campaigns/{id}', async () => {
    const c = await counts();
    const list = await get<{ data: ReportCampaignRow[]; total: number }>('/api/reports/campaigns');
    expect(list.data.map((row) => row.id)).toEqual([campaignId]);
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      name: 'Report source',
      status: 'completed',
      recipients: c.total,
      sent: c.sent + c.delivered + c.undelivered,
      delivered: c.delivered,
      failed: 3,
      replied: 6,
      optedOut: 1,
      deliveredPct: Math.round((c.delivered / c.total) * 1000) / 10,
      repliedPct: 25,
    });
    expect(c).toMatchObject({ total: CONTACTS, delivered: CONTACTS - 3, failed: 2, undelivered: 1 });
    expect(list.data.some((row) => row.id === draftId)).toBe(false);
  });

  it('searches, filters by status, sorts by figures and pages', async () => {
    expect((await get('/api/reports/campaigns?search=SOURCE')).total).toBe(1);
    expect((await get('/api/reports/campaigns?search=nothing')).total).toBe(0);
    expect((await get('/api/reports/campaigns?status=sending')).total).toBe(0);
    expect((await get('/api/reports/campaigns?status=completed')).total).toBe(1);
    for (const sort of ['name', 'launchedAt', 'recipients', 'deliveredPct', 'repliedPct', 'failed', 'optedOut']) {
      const page = await get(`/api/reports/campaigns?sort=${sort}&order=asc&limit=1`);
      expect(page.data[0]?.optedOut, sort).toBe(1);
      expect(page.total).toBe(1);
    }
    expect((await get('/api/reports/campaigns?skip=1')).data).toEqual([]);
  });

  it('answers 400 naming the field for bad parameters', async () => {
    for (const [query, field] of [
      ['sort=size', 'sort'],
      ['status=nope', 'status'],
      ['limit=1000', 'limit'],
      ['skip=-1', 'skip'],
      ['order=up', 'order'],
    ]) {
      const response = await server.get(`/api/reports/campaigns?${query}`, { token: admin.token });
      expect(response.status, query).toBe(400);
      expect(response.body.field, query).toBe(field);
    }
  });
});

describe('GET /api/reports/delivery/{campaignId}', () => {
  it('sums up the counters, replies, keyword opt-outs, a timeline and the errors', async () => {
    const c = await counts();
    const summary = await get<DeliverySummary>(`/api/reports/delivery/${campaignId}`);
    expect(summary.campaign).toMatchObject({ id: campaignId, name: 'Report source', replyWindowHours: 48, status: 'completed' });
    expect(summary.recipients).toBe(c.total);
    expect(summary.byStatus.map((s) => s.status)).toEqual([...MESSAGE_STATUSES]);
    for (const entry of summary.byStatus) {
      expect(entry.n, entry.status).toBe(c[entry.status]);
      expect(entry.pct).toBe(Math.round((entry.n / c.total) * 1000) / 10);
    }
    // A send of a few seconds: per-second buckets (it was one per-minute point).
    expect(summary).toMatchObject({ replied: 6, repliedPct: 25, optedOut: 1, bucket: 'second' });
    const sum = (key: 'sent' | 'delivered' | 'failed') => summary.timeline.reduce((total, point) => total + point[key], 0);
    expect(sum('sent')).toBe(CONTACTS);
    expect(sum('delivered')).toBe(c.delivered);
    expect(sum('failed')).toBe(3);
    expect(summary.errors).toEqual([
      { errorCode: 'SIM_REJECTED', errorText: 'Rejected', n: 2 },
      { errorCode: 'SIM_UNREACHABLE', errorText: null, n: 1 },
    ]);
  });

  it('picks seconds, minutes or hours for the timeline from the span of the send', async () => {
    const made: string[] = [];
    /** A completed campaign whose messages were sent (and delivered 2 s later) at these offsets in seconds. */
    const sentOver = async (name: string, offsets: number[]) => {
      const [campaign] = await rows<{ id: string }>(
        sql`insert into campaigns (name, body, audience, status, launched_at, completed_at)
            values (${name}, 'Hi', '{"type":"all"}'::jsonb, 'completed', now(), now()) returning id`,
      );
      const id = (campaign as { id: string }).id;
      made.push(id);
      for (const [i, offset] of offsets.entries()) {
        await server.database.db.execute(sql`insert into messages (kind, campaign_id, phone, status, sent_at, delivered_at)
          values ('campaign', ${id}, ${phone(900 + i)}, 'delivered',
                  timestamptz '2026-03-02 09:00:00+00' + make_interval(secs => ${offset}),
                  timestamptz '2026-03-02 09:00:02+00' + make_interval(secs => ${offset}))`);
      }
      return get<DeliverySummary>(`/api/reports/delivery/${id}`);
    };
    const short = await sentOver('Timeline seconds', [0, 0, 1, 5, 30]);
    expect(short.bucket).toBe('second');
    expect(short.timeline.map((point) => [point.at, point.sent, point.delivered])).toEqual([
      ['2026-03-02T09:00:00.000Z', 2, 0],
      ['2026-03-02T09:00:01.000Z', 1, 0],
      ['2026-03-02T09:00:02.000Z', 0, 2],
      ['2026-03-02T09:00:03.000Z', 0, 1],
      ['2026-03-02T09:00:05.000Z', 1, 0],
      ['2026-03-02T09:00:07.000Z', 0, 1],
      ['2026-03-02T09:00:30.000Z', 1, 0],
      ['2026-03-02T09:00:32.000Z', 0, 1],
    ]);
    // Just over 200 seconds (within four minutes): minutes, rolled up from the seconds.
    const minutes = await sentOver('Timeline minutes', [0, 59, 61, 205]);
    expect(minutes.bucket).toBe('minute');
    expect(minutes.timeline.map((point) => [point.at.slice(11, 19), point.sent, point.delivered])).toEqual([
      ['09:00:00', 2, 1],
      ['09:01:00', 1, 2],
      ['09:03:00', 1, 1],
    ]);
    const hours = await sentOver('Timeline hours', [0, 3600 * 5, 3600 * 20]);
    expect(hours.bucket).toBe('hour');
    expect(hours.timeline.map((point) => point.at.slice(11, 16))).toEqual(['09:00', '14:00', '05:00']);
    // Gone again: the other tests count this suite's campaigns.
    await server.database.db.execute(sql`delete from messages where campaign_id = any(${sql.param(made)}::uuid[])`);
    await server.database.db.execute(sql`delete from campaigns where id = any(${sql.param(made)}::uuid[])`);
  });

  it('answers 404 for an unknown campaign and 400 naming campaignId for a bad id', async () => {
    expect((await server.get(`/api/reports/delivery/${MISSING_ID}`, { token: admin.token })).status).toBe(404);
    for (const path of [
      '/api/reports/delivery/nope',
      '/api/reports/tag1-grouped/123',
      '/api/reports/non-responders/x/export',
      '/api/reports/delivery/x/recipients',
    ]) {
      const response = await server.get(path, { token: admin.token });
      expect(response.status, path).toBe(400);
      expect(response.body.field, path).toBe('campaignId');
    }
    for (const path of ['tag1-grouped', 'non-responders', 'delivery']) {
      expect((await server.get(`/api/reports/${path}/${MISSING_ID}`, { token: admin.token })).status, path).toBe(404);
    }
  });
});

describe('GET /api/reports/delivery/{campaignId}/recipients', () => {
  const table = (query = '') => get(`/api/reports/delivery/${campaignId}/recipients?${query}`);

  it('lists every recipient with contact, status, error and reply', async () => {
    const all = await table('limit=100');
    expect(all.total).toBe(CONTACTS);
    expect(all.data).toHaveLength(CONTACTS);
    const one = all.data.find((row: any) => row.phone === phone(1));
    expect(one).toMatchObject({
      name: 'Person 1',
      tag1: 'south',
      status: 'delivered',
      replyText: 'YES',
      replyWord: 'YES',
      errorCode: null,
    });
    expect(one.repliedAt).not.toBeNull();
    expect(one.sentAt).not.toBeNull();
    expect(all.data.find((row: any) => row.phone === phone(20))).toMatchObject({
      status: 'failed',
      errorCode: 'SIM_REJECTED',
      errorText: 'Rejected',
      tag1: null,
    });
  });

  it('filters by status (one or several), error, tag1, replies, reply word and search; totals agree', async () => {
    const c = await counts();
    expect((await table('status=failed')).total).toBe(2);
    expect((await table('status=failed&status=undelivered')).total).toBe(3);
    expect((await table('status=delivered')).total).toBe(c.delivered);
    expect((await table('errorCode=SIM_REJECTED')).total).toBe(2);
    expect((await table('tag1=north')).total).toBe(8);
    const none = await table('tag1=&limit=100');
    expect(none.total).toBe(8);
    expect(none.data.every((row: any) => row.tag1 === null)).toBe(true);
    expect((await table('replied=yes')).total).toBe(6);
    expect((await table('replied=no')).total).toBe(CONTACTS - 6);
    expect((await table('replied=yes&status=delivered')).total).toBe(6);
    expect((await table('replyWord=yes')).total).toBe(3);
    expect((await table('search=person 1')).total).toBe(1 + 10); // Person 1, Person 10..19
    expect((await table('search=%2B44 7700 000011')).data.map((row: any) => row.phone).sort()).toEqual([phone(11)]);
    expect((await table('tag1=south&replied=yes')).total).toBe(2); // 1 and 4
  });

  it('sorts and pages', async () => {
    const first = await table('sort=phone&order=desc&limit=2');
    expect(first.data.map((row: any) => row.phone)).toEqual([phone(24), phone(23)]);
    const next = await table('sort=phone&order=desc&limit=2&skip=2');
    expect(next.data.map((row: any) => row.phone)).toEqual([phone(22), phone(21)]);
    const replied = await table('sort=repliedAt&limit=6&replied=yes');
    expect(replied.data).toHaveLength(6);
    for (const sort of ['name', 'tag1', 'status', 'sentAt', 'deliveredAt']) expect((await table(`sort=${sort}`)).total).toBe(CONTACTS);
  });

  it('answers 400 naming the field for bad filters', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['replied=maybe', 'replied'],
      ['sort=size', 'sort'],
      [`errorCode=${'x'.repeat(51)}`, 'errorCode'],
    ]) {
      const response = await server.get(`/api/reports/delivery/${campaignId}/recipients?${query}`, { token: admin.token });
      expect(response.status, query).toBe(400);
      expect(response.body.field, query).toBe(field);
    }
  });
});

describe('GET /api/reports/tag1-grouped/{campaignId}', () => {
  it('groups by the contacts current tag1 with reply words; groups add up to the totals and the counters', async () => {
    const c = await counts();
    const report = await get<Tag1Report>(`/api/reports/tag1-grouped/${campaignId}`);
    expect(report.groups.map((g) => g.tag1).sort()).toEqual(['', 'north', 'south']);
    const group = (tag1: string) => report.groups.find((g) => g.tag1 === tag1);
    // south = 1, 4, 7, ... 22: replies from 1 (YES) and 4 (YES please -> YES); 22 undelivered, so
    // not reached: not replied = the 7 reached less the 2 who replied.
    expect(group('south')).toMatchObject({
      recipients: 8,
      delivered: 7,
      failed: 1,
      replied: 2,
      notReplied: 5,
      responseRate: 25,
      replyWords: [{ word: 'YES', n: 2 }],
      other: 0,
    });
    // (none) = 2, 5, 8, ... 23: replies from 2 (yes!) and 5 (=1+2); 20 failed.
    expect(group('')).toMatchObject({ recipients: 8, delivered: 7, failed: 1, replied: 2 });
    const none = group('');
    expect((none?.replyWords ?? []).reduce((sum, w) => sum + w.n, 0) + (none?.other ?? 0)).toBe(2);
    expect(group('north')).toMatchObject({ recipients: 8, replied: 2, failed: 1 });
    expect(report.totals).toMatchObject({
      recipients: c.total,
      delivered: c.delivered,
      failed: c.failed + c.undelivered,
      replied: c.replied,
      notReplied: c.sent + c.delivered - c.replied,
      responseRate: 25,
    });
    for (const key of ['recipients', 'delivered', 'failed', 'replied', 'notReplied'] as const) {
      expect(
        report.groups.reduce((sum, g) => sum + g[key], 0),
        key,
      ).toBe(report.totals[key]);
    }
    expect(report.totals.replyWords[0]).toEqual({ word: 'YES', n: 3 });
    expect(report.totals.replyWords.reduce((sum, w) => sum + w.n, 0) + report.totals.other).toBe(6);
  });
});

describe('GET /api/reports/non-responders/{campaignId} and the follow-up', () => {
  const list = (query = '') => get<NonRespondersResponse>(`/api/reports/non-responders/${campaignId}?${query}`);
  /** Straight from the rows: sent or delivered, no reply. */
  const expected = async (tags?: string[]) =>
    (
      await rows<{
        phone: string;
      }>(sql`select m.phone from messages m join contacts c on c.id = m.contact_id where m.campaign_id = ${campaignId}
      and m.status in ('sent', 'delivered') and m.replied_at is null ${tags ? sql`and coalesce(c.tag1, '') = any(${sql.param(tags)}::text[])` : sql``} order by m.phone`)
    ).map((r) => r.phone);

  it('lists the reached recipients who did not reply, with windows, opt-out flags and tag1 counts', async () => {
    const all = await list('limit=100&sort=phone');
    const phones = await expected();
    expect(phones).toHaveLength(CONTACTS - 3 - 6);
    expect(all.total).toBe(phones.length);
    expect(all.data.map((row) => row.phone)).toEqual(phones);
    expect(all.windowOpen).toBe(true);
    const row = all.data[0]!;
    expect(new Date(row.windowEndsAt!).getTime() - new Date(row.sentAt!).getTime()).toBe(48 * 3_600_000);
    expect(all.data.filter((r) => r.optedOut).map((r) => r.phone)).toEqual([phone(23)]);
    expect(all.tag1Counts.reduce((sum, t) => sum + t.n, 0)).toBe(all.total);
    expect(Object.fromEntries(all.tag1Counts.map((t) => [t.tag1, t.n]))).toEqual({
      north: (await expected(['north'])).length,
      south: (await expected(['south'])).length,
      '': (await expected([''])).length,
    });
  });

  it('filters by several tag1 values and by search; pages', async () => {
    const some = await list('tag1=north&tag1=&limit=100');
    expect(some.total).toBe((await expected(['north', ''])).length);
    expect(some.data.map((r) => r.phone).sort()).toEqual(await expected(['north', '']));
    expect((await list('search=Person 9')).total).toBe(1);
    const page = await list('limit=5&skip=5&sort=name&order=desc');
    expect(page.data).toHaveLength(5);
  });

  it('creates a draft follow-up whose audience is exactly the non-responders (all, or some tag1 values)', async () => {
    const source = await getCampaign(server, admin.token, campaignId);
    const response = await server.post(`/api/reports/non-responders/${campaignId}/follow-up`, {}, { token: admin.token });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const draft = response.body.campaign;
    expect(draft).toMatchObject({
      status: 'draft',
      name: 'Follow-up: Report source',
      body: source.body,
      senderId: source.senderId,
      gatewayId: source.gatewayId,
      replyWindowHours: 48,
      followUpOf: campaignId,
      audience: { type: 'non_responders', campaignId, campaignName: 'Report source' },
    });
    const preview = async (audience: unknown) =>
      (await server.post('/api/campaigns/audience-preview', { audience }, { token: admin.token })).body;
    const whole = await preview({ type: 'non_responders', campaignId });
    // The preview counts active contacts and reports the opted-out apart: together, the non-responders.
    expect(whole.count + whole.optedOut).toBe((await list()).total);
    expect(whole.optedOut).toBe(1);

    const narrowed = await server.post(
      `/api/reports/non-responders/${campaignId}/follow-up`,
      { tag1: ['south'], name: 'South again' },
      { token: admin.token },
    );
    expect(narrowed.status).toBe(201);
    expect(narrowed.body.campaign).toMatchObject({
      name: 'South again',
      audience: { type: 'non_responders', campaignId, tag1: ['south'] },
    });
    const south = await preview({ type: 'non_responders', campaignId, tag1: ['south'] });
    expect(south.count + south.optedOut).toBe((await list('tag1=south')).total);

    const audit = await rows<{ action: string }>(sql`select action from audit_log where subject_id = ${draft.id}`);
    expect(audit.map((a) => a.action)).toContain('campaign.create');
    // Drafts are not in the reports.
    expect((await get('/api/reports/campaigns')).total).toBe(1);
  });

  it('refuses a follow-up of a draft, bad bodies, and unknown campaigns', async () => {
    const refused = await server.post(`/api/reports/non-responders/${draftId}/follow-up`, {}, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CAMPAIGN_NOT_SENT');
    expect((await server.post(`/api/reports/non-responders/${MISSING_ID}/follow-up`, {}, { token: admin.token })).status).toBe(404);
    const bad = await server.post(`/api/reports/non-responders/${campaignId}/follow-up`, { name: '' }, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('name');
    const badTag = await server.post(`/api/reports/non-responders/${campaignId}/follow-up`, { tag1: 'north' }, { token: admin.token });
    expect(badTag.status).toBe(400);
    expect(badTag.body.field).toBe('tag1');
  });
});

describe('exports', () => {
  it('streams the per-recipient table as CSV with the same filters, formulas neutralised', async () => {
    const response = await download(`/api/reports/delivery/${campaignId}/recipients/export?format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/filename="delivery-report-.*\.csv"/);
    const text = await response.text();
    const [header, ...data] = csvRows(text.replace(`"Person 8 Smith, ""Jr""\nII"`, 'Person 8'));
    expect(header).toEqual([
      'name',
      'phone',
      'tag1',
      'status',
      'error_code',
      'error_text',
      'sent_at',
      'delivered_at',
      'replied_at',
      'reply_text',
      'reply_word',
    ]);
    expect(data).toHaveLength(CONTACTS);
    expect(data.every((row) => row[1]?.startsWith("'+44"))).toBe(true);
    // The same cells as the table shows (times to the millisecond).
    const table = (await get(`/api/reports/delivery/${campaignId}/recipients?limit=100`)).data as any[];
    for (const row of data) {
      const shown = table.find((r) => `'${r.phone}` === row[1]);
      expect([row[2], row[3], row[6], row[7], row[8]]).toEqual([
        shown.tag1 ?? '',
        shown.status,
        shown.sentAt ?? '',
        shown.deliveredAt ?? '',
        shown.repliedAt ?? '',
      ]);
    }
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain(`"Person 8 Smith, ""Jr""\nII",'${phone(8)},,delivered,`);
    expect(data.find((row) => row[1] === `'${phone(5)}`)?.[9]).toBe("'=1+2");
    const failed = csvRows(
      await (await download(`/api/reports/delivery/${campaignId}/recipients/export?status=failed&status=undelivered`)).text(),
    );
    expect(
      failed
        .slice(1)
        .map((row) => row[3])
        .sort(),
    ).toEqual(['failed', 'failed', 'undelivered']);
    const north = csvRows(await (await download(`/api/reports/delivery/${campaignId}/recipients/export?tag1=north&replied=no`)).text());
    expect(north).toHaveLength(1 + (await get(`/api/reports/delivery/${campaignId}/recipients?tag1=north&replied=no`)).total);
  });

  it('streams XLSX: phones as text, formulas neutralised', async () => {
    const response = await download(`/api/reports/delivery/${campaignId}/recipients/export?format=xlsx`);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(CONTACTS + 1);
    const values = [] as string[][];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(values.slice(1).every((row) => row[1]?.startsWith('+44'))).toBe(true);
    expect(values.some((row) => row[0] === `'=HYPERLINK("http://x")`)).toBe(true);
    expect(sheet.getCell('A2').type).not.toBe(ExcelJS.ValueType.Formula);
  });

  it('exports the non-responders (tag1 filter), the tag1 report and the campaigns report', async () => {
    const nonResponders = csvRows(await (await download(`/api/reports/non-responders/${campaignId}/export?tag1=south`)).text());
    expect(nonResponders[0]).toEqual(['name', 'phone', 'tag1', 'status', 'sent_at', 'delivered_at', 'window_ends_at', 'opted_out']);
    expect(
      nonResponders
        .slice(1)
        .map((row) => row[1]!.slice(1))
        .sort(),
    ).toEqual((await get(`/api/reports/non-responders/${campaignId}?tag1=south&sort=phone`)).data.map((r: any) => r.phone));
    const all = csvRows(await (await download(`/api/reports/non-responders/${campaignId}/export?format=csv`)).text());
    expect(all).toHaveLength(1 + (await get(`/api/reports/non-responders/${campaignId}`)).total);

    const tag1 = csvRows(await (await download(`/api/reports/tag1-grouped/${campaignId}/export`)).text());
    expect(tag1[0]?.[0]).toBe('tag1');
    expect(tag1).toHaveLength(1 + 3 + 1);
    expect(tag1[4]?.slice(0, 2)).toEqual(['(total)', String(CONTACTS)]);

    const campaigns = await download('/api/reports/campaigns/export?format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await campaigns.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Report source');
    expect(sheet.getRow(2).getCell(3).value).toBe(CONTACTS);
    const audit = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'reports.export'`);
    expect(audit[0]?.n).toBeGreaterThan(3);
  });

  it('streams an export of several keyset batches whole, each row with its own contact', async () => {
    // More than two CSV batches (5000) and five row batches (2000, the XLSX path).
    const big = 11_000;
    await server.database.db.execute(sql`insert into contacts (phone, first_name, tag1)
      select '+447800' || lpad(i::text, 6, '0'), 'Bulk ' || i, 'bulk' from generate_series(1, ${big}) as i`);
    const [row] = await rows<{ id: string }>(sql`insert into campaigns (name, body, audience, status, launched_at, completed_at)
      values ('Bulk export', 'Hi', '{"type":"all"}', 'completed', now(), now()) returning id`);
    const bulkId = row!.id;
    await server.database.db.execute(sql`insert into messages (campaign_id, contact_id, phone, body, status, sent_at, delivered_at)
      select ${bulkId}, id, phone, 'Hi', 'delivered', now(), now() from contacts where tag1 = 'bulk'`);
    const [header, ...data] = csvRows(await (await download(`/api/reports/delivery/${bulkId}/recipients/export`)).text());
    expect(header?.[0]).toBe('name');
    expect(data).toHaveLength(big);
    expect(new Set(data.map((cells) => cells[1])).size).toBe(big);
    expect(data.every((cells) => cells[0] === `Bulk ${Number(cells[1]!.slice(-6))}` && cells[2] === 'bulk')).toBe(true);
    const nonResponders = csvRows(await (await download(`/api/reports/non-responders/${bulkId}/export`)).text());
    expect(nonResponders).toHaveLength(big + 1);
    expect(new Set(nonResponders.map((cells) => cells[1])).size).toBe(big + 1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await download(`/api/reports/non-responders/${bulkId}/export?format=xlsx`)).arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(big + 1);
    const phones = new Set<string>();
    sheet.eachRow((row, index) => {
      if (index > 1) phones.add(String(row.getCell(2).value));
    });
    expect(phones.size).toBe(big);
    expect((await get(`/api/reports/non-responders/${bulkId}?limit=1`)).total).toBe(big);
  });

  it('answers 400 for an unknown format', async () => {
    const response = await server.get(`/api/reports/tag1-grouped/${campaignId}/export?format=pdf`, { token: admin.token });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('format');
  });
});

describe('roles', () => {
  it('lets viewers and agents read reports; managers and viewers export; only campaign creators follow up', async () => {
    const viewer = await server.createUser('viewer');
    const agent = await server.createUser('agent');
    const manager = await server.createUser('manager');
    const reads = [
      '/api/reports/campaigns',
      `/api/reports/delivery/${campaignId}`,
      `/api/reports/delivery/${campaignId}/recipients`,
      `/api/reports/tag1-grouped/${campaignId}`,
      `/api/reports/non-responders/${campaignId}`,
    ];
    const exports = [
      '/api/reports/campaigns/export',
      `/api/reports/delivery/${campaignId}/recipients/export`,
      `/api/reports/tag1-grouped/${campaignId}/export`,
      `/api/reports/non-responders/${campaignId}/export`,
    ];
    for (const account of [viewer, agent, manager]) {
      for (const path of reads) expect((await server.get(path, { token: account.token })).status, `${account.user.role} ${path}`).toBe(200);
    }
    // Viewers export reports with phone numbers masked (report-phone-masking.test.ts); agents do not export.
    for (const path of exports) expect((await server.get(path, { token: agent.token })).status, `agent ${path}`).toBe(403);
    for (const account of [viewer, agent]) {
      expect((await server.post(`/api/reports/non-responders/${campaignId}/follow-up`, {}, { token: account.token })).status).toBe(403);
    }
    for (const path of exports)
      for (const token of [manager.token, viewer.token]) expect((await download(path, token)).status, path).toBe(200);
    expect((await server.post(`/api/reports/non-responders/${campaignId}/follow-up`, {}, { token: manager.token })).status).toBe(201);
    expect((await server.get('/api/reports/campaigns')).status).toBe(401);
  });
});
