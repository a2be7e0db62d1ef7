import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';
import { startSubscriptionCodeSender } from './subscription-code-sender.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let serial = 0;
/** A fresh number and address per test, so the limits of one test never touch another. */
const freshPhone = () => `+4479111${String(++serial).padStart(5, '0')}`;
const freshIp = () => `198.51.100.${++serial % 250}`;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip, 'user-agent': 'TestBrowser/1.0' } });

const TOPICS = [
  {
    id: 'weather',
    tag: 'tag2',
    value: 'Weather alerts',
    title: 'Weather alerts',
    description: 'Storms and closures',
    frequency: 'A few a year',
  },
  { id: 'events', tag: 'tag3', value: 'Events', title: 'School events', description: '', frequency: 'Monthly' },
  { id: 'sports', tag: 'tag3', value: 'Sports', title: 'Sports', description: '', frequency: 'Weekly' },
];

beforeAll(async () => {
  server = await startTestServer();
  await startSubscriptionCodeSender(server.jobs, { database: server.database }, { pollingIntervalSeconds: 0.5 });
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  const published = await server.put(
    '/api/settings/public-site',
    { topics: TOPICS, introduction: 'Hello neighbours' },
    { token: admin.token },
  );
  expect(published.status).toBe(200);
});
afterAll(() => server?.close());

/** Waits until the sender has decided every request for a number (texted a code or dropped it). */
const decided = (phone: string) =>
  waitFor(
    async () => {
      const pending = await queryRows(
        server.database.db,
        sql`select 1 from subscription_codes where phone = ${phone} and message_id is null and used_at is null`,
      );
      return pending.length === 0 ? true : undefined;
    },
    10_000,
    `the code sender for ${phone}`,
  );

/** The newest code texted to a number, read from what the simulator gateway received. */
async function codeFor(phone: string): Promise<string> {
  await decided(phone);
  const response = await server.get('/api/settings/public-site/simulator-messages', { token: admin.token });
  expect(response.status).toBe(200);
  const message = (response.body.data as Array<{ phone: string; body: string }>).find((m) => m.phone === phone);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

const contactByPhone = async (phone: string) =>
  (
    await queryRows<{ id: string; status: string; first_name: string | null; tag2: string | null; tag3: string | null; source: string }>(
      server.database.db,
      sql`select id, status, first_name, tag2, tag3, source from contacts where phone = ${phone}`,
    )
  )[0];

describe('public site settings', () => {
  it('needs a session, and only administrators change them', async () => {
    expect((await server.get('/api/settings/public-site')).status).toBe(401);
    expect((await server.get('/api/settings/public-site', { token: agent.token })).status).toBe(403);
    expect((await server.get('/api/settings/public-site', { token: manager.token })).status).toBe(200);
    expect((await server.put('/api/settings/public-site', { pricingVisible: true }, { token: manager.token })).status).toBe(403);
  });

  it('answers 400 naming the field', async () => {
    const bad = await server.put('/api/settings/public-site', { enabled: 'yes' }, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('enabled');
    const clash = await server.put(
      '/api/settings/public-site',
      { topics: [TOPICS[0], { ...TOPICS[0], id: 'other' }] },
      { token: admin.token },
    );
    expect(clash.status).toBe(400);
    expect(clash.body.field).toBe('topics');
    const badTag = await server.put('/api/settings/public-site', { topics: [{ ...TOPICS[0], tag: 'tag9' }] }, { token: admin.token });
    expect(badTag.status).toBe(400);
    expect(badTag.body.field).toMatch(/^topics/);
  });

  it('shows visitors the texts and topics, never the tags behind them', async () => {
    const site = await server.get('/api/public/site');
    expect(site.status).toBe(200);
    expect(site.body).toMatchObject({ enabled: true, introduction: 'Hello neighbours', pricingVisible: false });
    expect(site.body.topics).toEqual(
      TOPICS.map(({ id, tag, title, description, frequency }) => ({ id, group: Number(tag.slice(3)), title, description, frequency })),
    );
    expect(JSON.stringify(site.body)).not.toContain('tag2');
  });

  it('switched off: the site says only that, and every public call answers 404 PUBLIC_SITE_OFF', async () => {
    expect((await server.put('/api/settings/public-site', { enabled: false }, { token: admin.token })).status).toBe(200);
    try {
      expect((await server.get('/api/public/site')).body).toEqual({ enabled: false });
      const subscribe = await server.post('/api/public/subscriptions', { phone: freshPhone(), topics: ['weather'] }, from(freshIp()));
      expect(subscribe.status).toBe(404);
      expect(subscribe.body.code).toBe('PUBLIC_SITE_OFF');
    } finally {
      await server.put('/api/settings/public-site', { enabled: true }, { token: admin.token });
    }
  });

  it('is audited', async () => {
    const log = await server.get('/api/audit-log?action=settings.public_site.update', { token: admin.token });
    expect(log.status).toBe(200);
    expect(log.body.total).toBeGreaterThan(0);
  });
});

describe('subscriptions with double opt-in', () => {
  it('sends a code, and the confirmed code makes an active contact with topics and a consent record', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    const asked = await server.post('/api/public/subscriptions', { phone, name: 'Nadia', topics: ['weather', 'events'] }, from(ip));
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ expiresInSeconds: 600 });
    expect(await contactByPhone(phone)).toBeUndefined();

    // Only the hash is stored.
    const code = await codeFor(phone);
    const stored = await queryRows<{ code_hash: string }>(
      server.database.db,
      sql`select code_hash from subscription_codes where phone = ${phone}`,
    );
    expect(stored[0]?.code_hash).not.toContain(code);

    const confirmed = await server.post('/api/public/subscriptions/confirm', { phone, code }, from(ip));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: 'subscribed' });
    const contact = await contactByPhone(phone);
    expect(contact).toMatchObject({ status: 'active', first_name: 'Nadia', tag2: 'Weather alerts', tag3: 'Events', source: 'web_form' });

    const history = await server.get(`/api/contacts/${contact?.id}/consents`, { token: agent.token });
    expect(history.status).toBe(200);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({
      action: 'opt_in',
      source: 'web_form',
      ip,
      userAgent: 'TestBrowser/1.0',
      topics: ['Weather alerts', 'School events'],
    });
    expect(history.body.data[0].consentText).toContain('Reply STOP');

    // A spent code does not work twice.
    const again = await server.post('/api/public/subscriptions/confirm', { phone, code }, from(ip));
    expect(again.status).toBe(400);
    expect(again.body.field).toBe('code');

    const log = await server.get(`/api/audit-log?action=subscription.confirm`, { token: admin.token });
    expect(log.body.data.some((entry: { subjectId: string }) => entry.subjectId === contact?.id)).toBe(true);
  });

  it('answers 400 naming the field for a bad number, an unknown topic or two topics of one group', async () => {
    const bad = await server.post('/api/public/subscriptions', { phone: 'hello', topics: ['weather'] }, from(freshIp()));
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('phone');
    const unknown = await server.post('/api/public/subscriptions', { phone: freshPhone(), topics: ['nope'] }, from(freshIp()));
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('topics');
    const twoOfOne = await server.post('/api/public/subscriptions', { phone: freshPhone(), topics: ['events', 'sports'] }, from(freshIp()));
    expect(twoOfOne.status).toBe(400);
    expect(twoOfOne.body.field).toBe('topics');
    const none = await server.post('/api/public/subscriptions', { phone: freshPhone(), topics: [] }, from(freshIp()));
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('topics');
    const badCode = await server.post('/api/public/subscriptions/confirm', { phone: freshPhone(), code: '12ab56' }, from(freshIp()));
    expect(badCode.status).toBe(400);
    expect(badCode.body.field).toBe('code');
  });

  it('an opted-out contact becomes active only after confirming', async () => {
    const phone = freshPhone();
    const created = await server.post('/api/contacts', { phone, firstName: 'Omar', status: 'opted_out' }, { token: admin.token });
    expect(created.status).toBe(201);
    const ip = freshIp();
    expect((await server.post('/api/public/subscriptions', { phone, topics: ['sports'] }, from(ip))).status).toBe(202);
    expect((await contactByPhone(phone))?.status).toBe('opted_out');
    expect((await server.post('/api/public/subscriptions/confirm', { phone, code: await codeFor(phone) }, from(ip))).status).toBe(200);
    expect(await contactByPhone(phone)).toMatchObject({ status: 'active', first_name: 'Omar', tag3: 'Sports' });
  });

  it('the honeypot: answered as usual, nothing sent', async () => {
    const phone = freshPhone();
    const asked = await server.post(
      '/api/public/subscriptions',
      { phone, topics: ['weather'], website: 'http://spam.example' },
      from(freshIp()),
    );
    expect(asked.status).toBe(202);
    const rows = await queryRows(server.database.db, sql`select id from subscription_codes where phone = ${phone}`);
    expect(rows).toHaveLength(0);
  });

  it('a code survives only a few wrong tries', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await server.post('/api/public/subscriptions', { phone, topics: ['weather'] }, from(ip));
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const attempt = await server.post('/api/public/subscriptions/confirm', { phone, code: wrong }, from(ip));
      expect(attempt.status).toBe(400);
    }
    const right = await server.post('/api/public/subscriptions/confirm', { phone, code }, from(ip));
    expect(right.status).toBe(400);
    expect(await contactByPhone(phone)).toBeUndefined();
  });

  it('an expired code does not work', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await server.post('/api/public/subscriptions', { phone, topics: ['weather'] }, from(ip));
    const code = await codeFor(phone);
    await server.database.db.execute(sql`update subscription_codes set expires_at = now() - interval '1 second' where phone = ${phone}`);
    expect((await server.post('/api/public/subscriptions/confirm', { phone, code }, from(ip))).status).toBe(400);
  });

  it('limits codes per number (per hour) and per address', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 3; i++)
      expect((await server.post('/api/public/subscriptions', { phone, topics: ['weather'] }, from(freshIp()))).status).toBe(202);
    const fourth = await server.post('/api/public/subscriptions', { phone, topics: ['weather'] }, from(freshIp()));
    expect(fourth.status).toBe(429);
    const codes = await queryRows(server.database.db, sql`select id from subscription_codes where phone = ${phone}`);
    expect(codes).toHaveLength(3);

    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await server.post('/api/public/subscriptions', { phone: freshPhone(), topics: ['weather'] }, from(ip))).status).toBe(202);
    const eleventh = await server.post('/api/public/subscriptions', { phone: freshPhone(), topics: ['weather'] }, from(ip));
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toBeTruthy();
  });

  it("limits code checks per address (guessing other people's codes)", async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++)
      expect((await server.post('/api/public/subscriptions/confirm', { phone: freshPhone(), code: '123456' }, from(ip))).status).toBe(400);
    expect((await server.post('/api/public/subscriptions/confirm', { phone: freshPhone(), code: '123456' }, from(ip))).status).toBe(429);
  });

  it('unsubscribes by code, with a consent record and an audit entry', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await server.post('/api/public/subscriptions', { phone, topics: ['weather'] }, from(ip));
    await server.post('/api/public/subscriptions/confirm', { phone, code: await codeFor(phone) }, from(ip));

    // An unknown number gets the same answer and no code (its request is dropped after the answer).
    const stranger = freshPhone();
    expect((await server.post('/api/public/unsubscribe', { phone: stranger }, from(ip))).status).toBe(202);
    await decided(stranger);
    expect(await queryRows(server.database.db, sql`select id from messages where phone = ${stranger}`)).toHaveLength(0);

    expect((await server.post('/api/public/unsubscribe', { phone }, from(ip))).status).toBe(202);
    // The subscribe code is spent; the newest message is the unsubscribe code.
    const done = await server.post('/api/public/unsubscribe/confirm', { phone, code: await codeFor(phone) }, from(ip));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: 'unsubscribed' });
    const contact = await contactByPhone(phone);
    expect(contact?.status).toBe('opted_out');
    const history = await server.get(`/api/contacts/${contact?.id}/consents`, { token: admin.token });
    expect(history.body.data.map((entry: { action: string }) => entry.action)).toEqual(['opt_out', 'opt_in']);
    const log = await server.get(`/api/audit-log?action=subscription.unsubscribe`, { token: admin.token });
    expect(log.body.data.some((entry: { subjectId: string }) => entry.subjectId === contact?.id)).toBe(true);
  });

  it('consent history: 401, 404, 400', async () => {
    expect((await server.get('/api/contacts/00000000-0000-4000-8000-000000000009/consents')).status).toBe(401);
    expect((await server.get('/api/contacts/00000000-0000-4000-8000-000000000009/consents', { token: admin.token })).status).toBe(404);
    const bad = await server.get('/api/contacts/nope/consents', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
  });

  it('the simulator messages are for administrators', async () => {
    expect((await server.get('/api/settings/public-site/simulator-messages', { token: manager.token })).status).toBe(403);
  });
});
