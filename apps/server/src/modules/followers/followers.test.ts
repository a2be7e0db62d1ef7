import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

describe('followers API', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let agent: TestAccount;
  let viewer: TestAccount;
  let phoneCounter = 0;

  /** A contact who subscribed from the public site at `at` to `topics` (a consent record as the site writes it). */
  const subscriber = async (at: string, topics: string[], options: { source?: string; name?: string } = {}) => {
    const phone = `+4477009${String(++phoneCounter).padStart(5, '0')}`;
    const [contact] = await queryRows<{ id: string }>(
      server.database.db,
      sql`insert into contacts (phone, first_name, status, source, opted_in_at) values (${phone}, ${options.name ?? null}, 'active', 'web_form', ${at}::timestamptz) returning id`,
    );
    await server.database.db.execute(sql`insert into contact_consents (contact_id, action, source, at, ip, user_agent, consent_text, topics)
      values (${contact!.id}, 'opt_in', ${options.source ?? 'web_form'}, ${at}::timestamptz, '203.0.113.9', 'Test browser', 'I agree to texts', ${JSON.stringify(topics)}::jsonb)`);
    return { id: contact!.id, phone };
  };
  /** The contact unsubscribes on the public site at `at` (contact opted out, an opt-out consent record). */
  const unsubscribeByForm = async (contactId: string, at: string) => {
    await server.database.db.execute(
      sql`update contacts set status = 'opted_out', opted_out_at = ${at}::timestamptz, opt_out_source = 'web_form' where id = ${contactId}`,
    );
    await server.database.db.execute(sql`insert into contact_consents (contact_id, action, source, at, topics)
      values (${contactId}, 'opt_out', 'web_form', ${at}::timestamptz, '[]'::jsonb)`);
  };
  /** The contact sends STOP at `at`: opted out with no consent record. */
  const stopKeyword = async (contactId: string, at: string) => {
    await server.database.db.execute(
      sql`update contacts set status = 'opted_out', opted_out_at = ${at}::timestamptz, opt_out_source = 'keyword' where id = ${contactId}`,
    );
  };

  let alice: { id: string; phone: string };
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
    agent = await server.createUser('agent');
    viewer = await server.createUser('viewer');
    alice = await subscriber('2026-03-01T09:00:00Z', ['Weather', 'Roads'], { name: 'Alice' });
    const bob = await subscriber('2026-03-01T10:00:00Z', ['Weather'], { source: 'sms_reply' });
    const carol = await subscriber('2026-03-02T11:00:00Z', ['Roads']);
    await subscriber('2026-03-03T12:00:00Z', []);
    await unsubscribeByForm(bob.id, '2026-03-04T08:00:00Z');
    await stopKeyword(carol.id, '2026-03-05T08:00:00Z');
    // A contact never subscribed from the site (added by hand) is not a follower.
    await server.database.db.execute(sql`insert into contacts (phone, status, source) values ('+447700955555', 'active', 'manual')`);
    // Dave subscribed, unsubscribed, then subscribed again: two runs, the first ended.
    const dave = await subscriber('2026-02-10T09:00:00Z', ['Weather']);
    await unsubscribeByForm(dave.id, '2026-02-11T09:00:00Z');
    await server.database.db.execute(sql`update contacts set status = 'active', opted_out_at = null where id = ${dave.id}`);
    await server.database.db.execute(sql`insert into contact_consents (contact_id, action, source, at, topics)
      values (${dave.id}, 'opt_in', 'web_form', '2026-03-06T09:00:00Z', '["Weather"]'::jsonb)`);
    // Erin confirmed twice in a row (a second code): one run, counted once.
    const erin = await subscriber('2026-03-07T09:00:00Z', ['Roads']);
    await server.database.db.execute(sql`insert into contact_consents (contact_id, action, source, at, topics)
      values (${erin.id}, 'opt_in', 'sms_reply', '2026-03-07T09:05:00Z', '["Roads"]'::jsonb)`);
  });
  afterAll(() => server?.close());

  it('refuses strangers (401) and those who cannot read (viewers) or export contacts (agents) (403)', async () => {
    for (const path of ['/api/followers', '/api/followers/stats', '/api/followers/export']) {
      expect((await server.get(path)).status, path).toBe(401);
      expect((await server.get(path, { token: viewer.token })).status, path).toBe(403);
    }
    expect((await server.get('/api/followers', { token: agent.token })).status).toBe(200);
    expect((await server.get('/api/followers/stats', { token: agent.token })).status).toBe(200);
    expect((await server.get('/api/followers/export', { token: agent.token })).status).toBe(403);
    expect((await server.get('/api/followers/export', { token: manager.token })).status).toBe(200);
  });

  it('answers 400 naming the field for bad filters', async () => {
    const cases: Array<[string, string]> = [
      ['status=gone', 'status'],
      ['from=yesterday', 'from'],
      ['to=2026-02-30x', 'to'],
      ['from=2026-03-05&to=2026-03-01', 'to'],
      ['limit=1000', 'limit'],
      ['topic=' + 'x'.repeat(81), 'topic'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['/api/followers', '/api/followers/stats', '/api/followers/export']) {
        if (field === 'limit' && path !== '/api/followers') continue;
        const response = await server.get(`${path}?${query}`, { token: admin.token });
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(response.body.field, `${path}?${query}`).toBe(field);
      }
    }
    const format = await server.get('/api/followers/export?format=pdf', { token: admin.token });
    expect(format.status).toBe(400);
    expect(format.body.field).toBe('format');
  });

  it('lists one row per subscription and topic, newest first, with the consent record', async () => {
    const response = await server.get('/api/followers?limit=100', { token: agent.token });
    expect(response.status).toBe(200);
    const rows = response.body.data as any[];
    expect(response.body.total).toBe(rows.length);
    // Alice x2, Bob, Carol, no-topic, Dave x2 runs, Erin once.
    expect(rows).toHaveLength(8);
    expect(rows.map((row) => row.subscribedAt)).toEqual([...rows.map((row) => row.subscribedAt)].sort().reverse());
    const aliceRows = rows.filter((row) => row.contactId === alice.id);
    expect(aliceRows.map((row) => row.topic)).toEqual(['Weather', 'Roads']);
    expect(aliceRows[0]).toMatchObject({
      phone: alice.phone,
      name: 'Alice',
      status: 'subscribed',
      unsubscribedAt: null,
      consent: {
        source: 'web_form',
        text: 'I agree to texts',
        ip: '203.0.113.9',
        userAgent: 'Test browser',
        at: '2026-03-01T09:00:00.000Z',
      },
    });
    expect(rows.find((row) => row.topic === null)).toMatchObject({ status: 'subscribed' });
    expect(rows.filter((row) => row.status === 'unsubscribed').map((row) => row.unsubscribedAt)).toEqual(
      expect.arrayContaining(['2026-03-04T08:00:00.000Z', '2026-03-05T08:00:00.000Z', '2026-02-11T09:00:00.000Z']),
    );
    expect(rows.filter((row) => row.consent.source === 'sms_reply')).toHaveLength(2);
  });

  it('filters by topic, status and day range, and pages', async () => {
    const weather = await server.get('/api/followers?topic=Weather', { token: admin.token });
    expect(weather.body.total).toBe(4);
    const unsubscribed = await server.get('/api/followers?status=unsubscribed', { token: admin.token });
    expect(unsubscribed.body.total).toBe(3);
    const march = await server.get('/api/followers?from=2026-03-01&to=2026-03-02', { token: admin.token });
    expect(march.body.total).toBe(4);
    const page = await server.get('/api/followers?limit=3&skip=3', { token: admin.token });
    expect(page.body.data).toHaveLength(3);
    expect(page.body.total).toBe(8);
  });

  /** The export's rows (CSV, header and BOM off). */
  const exportRows = async (query: string) => {
    const response = await server.get(`/api/followers/export?${query}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="followers-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = String(response.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'phone,name,topic,status,subscribed_at,unsubscribed_at,consent_source,consent_text,consent_ip,consent_user_agent',
    );
    return lines.slice(1).map((line) => line.split(','));
  };

  it('counts the same followers in the chart, the totals and the export, for every filter', async () => {
    const filters = ['', 'topic=Weather', 'topic=Roads', 'status=subscribed', 'status=unsubscribed', 'from=2026-03-01&to=2026-03-03'];
    for (const query of filters) {
      const stats = (await server.get(`/api/followers/stats?${query}`, { token: admin.token })).body;
      const list = (await server.get(`/api/followers?limit=100&${query}`, { token: admin.token })).body;
      const rows = await exportRows(query);
      const chartSubscribes = stats.days.reduce((sum: number, day: any) => sum + day.subscribes, 0);
      const chartUnsubscribes = stats.days.reduce((sum: number, day: any) => sum + day.unsubscribes, 0);
      expect(stats.overall.subscriptions, query).toBe(rows.length);
      expect(chartSubscribes, query).toBe(rows.length);
      expect(list.total, query).toBe(rows.length);
      expect(chartUnsubscribes, query).toBe(stats.overall.unsubscribed);
      expect(rows.filter((row) => row[3] === 'unsubscribed').length, query).toBe(stats.overall.unsubscribed);
      expect(rows.filter((row) => row[3] === 'subscribed').length, query).toBe(stats.overall.subscribed);
      for (const topic of stats.topics) {
        expect(rows.filter((row) => (row[2] || null) === topic.topic).length, `${query} ${topic.topic}`).toBe(topic.subscriptions);
      }
    }
  });

  it('gives the growth chart per day and topic', async () => {
    const stats = (await server.get('/api/followers/stats', { token: admin.token })).body;
    expect(stats.overall).toEqual({ topic: null, subscriptions: 8, subscribed: 5, unsubscribed: 3 });
    expect(stats.topics).toEqual([
      { topic: 'Roads', subscriptions: 3, subscribed: 2, unsubscribed: 1 },
      { topic: 'Weather', subscriptions: 4, subscribed: 2, unsubscribed: 2 },
      { topic: null, subscriptions: 1, subscribed: 1, unsubscribed: 0 },
    ]);
    expect(stats.days).toContainEqual({ day: '2026-03-01', topic: 'Weather', subscribes: 2, unsubscribes: 0 });
    expect(stats.days).toContainEqual({ day: '2026-03-04', topic: 'Weather', subscribes: 0, unsubscribes: 1 });
    expect(stats.days).toContainEqual({ day: '2026-03-05', topic: 'Roads', subscribes: 0, unsubscribes: 1 });
  });

  it('exports as XLSX too, and audits each export', async () => {
    const response = await server.get('/api/followers/export?format=xlsx&topic=Roads', { token: manager.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    // The entry is written when the file has gone out, just after the answer ends.
    const audit = await waitFor(
      async () => {
        const rows = await queryRows<{ actor_id: string; details: any }>(
          server.database.db,
          sql`select actor_id, details from audit_log where action = 'followers.export' and details->>'format' = 'xlsx' order by id desc limit 1`,
        );
        return rows.length > 0 ? rows : undefined;
      },
      10_000,
      'the export audit entry',
    );
    expect(audit[0]?.actor_id).toBe(manager.user.id);
    expect(audit[0]?.details).toMatchObject({ format: 'xlsx', filter: { topic: 'Roads' } });
  });
});
