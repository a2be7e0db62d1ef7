import { roundPrice } from '@sms/contracts/pricing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { configureSimulator, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { computeBudgetState } from '../usage/index.ts';
import { checkBudgets } from './budget-checker.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

// One GSM-7 part to the test contacts (+44 7700 9..., GB: no row in the price table) costs the default price.
const PRICE = 0.05;
const cost = (parts: number) => roundPrice(parts * PRICE);

describe('usage, spend and budgets', () => {
  let server: TestServer;
  let admin: TestAccount;
  let keyA = { id: '', secret: '' };
  let keyB = { id: '', secret: '' };

  const createKey = async (name: string) => {
    const created = await server.post('/api/api-keys', { name, scopes: ['messages:send'], rateLimit: 1000 }, { token: admin.token });
    return { id: created.body.apiKey.id as string, secret: created.body.secret as string };
  };
  const usage = (query = 'period=day', token = admin.token) => server.get(`/api/usage?${query}`, { token });
  const putBudgets = (body: unknown, token = admin.token) => server.put('/api/budgets', body, { token });
  const statusOf = async (id: string) => (await server.get(`/api/campaigns/${id}`, { token: admin.token })).body.campaign;
  const check = () => checkBudgets(server.database.db, false);
  const sendApi = (secret: string, to = '+447400900201') =>
    server.post('/api/v1/messages', { to, body: 'Your code is 1234' }, { token: secret });
  const charged = async () =>
    (
      await queryRows<{ parts: number }>(
        server.database.db,
        sql`select coalesce(sum(coalesce(segments, 1)), 0)::int as parts from messages where sent_at is not null`,
      )
    )[0]!.parts;

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    await server.put(
      '/api/settings/messaging',
      { pricePerSegment: PRICE, pricePerSegmentUcs2: 0.1, currency: 'EUR' },
      { token: admin.token },
    );
    await seedContacts(server, 6);
    keyA = await createKey('Shop');
    keyB = await createKey('Billing');
  });
  afterAll(() => server?.close());

  it('refuses without a session (401), a manager changing the budgets (403) and bad input (400 naming the field)', async () => {
    expect((await server.get('/api/usage')).status).toBe(401);
    const manager = await server.createUser('manager');
    expect((await usage('period=day', manager.token)).status).toBe(200);
    expect((await putBudgets({ monthlyCap: 10, apiKeyCaps: [] }, manager.token)).status).toBe(403);
    const period = await usage('period=year');
    expect([period.status, period.body.field]).toEqual([400, 'period']);
    const order = await usage('period=day&from=2026-05-02&to=2026-05-01');
    expect([order.status, order.body.field]).toEqual([400, 'to']);
    const span = await usage('period=day&from=2020-01-01&to=2026-01-01');
    expect([span.status, span.body.field]).toEqual([400, 'from']);
    const negative = await putBudgets({ monthlyCap: -1, apiKeyCaps: [] });
    expect([negative.status, negative.body.field]).toEqual([400, 'monthlyCap']);
    const unknownKey = await putBudgets({
      monthlyCap: null,
      apiKeyCaps: [{ apiKeyId: '0190a6c0-0000-7000-8000-000000000009', monthlyCap: 1 }],
    });
    expect([unknownKey.status, unknownKey.body.field]).toEqual([400, 'apiKeyCaps.0.apiKeyId']);
  });

  it('totals the charged messages of a campaign and the API at the price table, by campaign, key and country', async () => {
    const created = await server.post(
      '/api/campaigns',
      { name: 'Spring sale', body: 'Sale starts now', audience: { type: 'all' } },
      { token: admin.token },
    );
    const id = created.body.campaign.id;
    await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token });
    await waitFor(async () => ((await statusOf(id)).status === 'completed' ? true : undefined), 30_000, 'the campaign to complete');
    expect((await sendApi(keyA.secret)).status).toBe(202);
    await waitFor(async () => ((await charged()) === 7 ? true : undefined), 10_000, 'the API message to be sent');
    const answer = await usage();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body;
    expect(body.currency).toBe('EUR');
    expect(body.series).toHaveLength(30);
    expect(body.total).toMatchObject({ messages: 7, parts: 7, amount: cost(7) });
    expect(body.series.at(-1)).toMatchObject({ messages: 7, amount: cost(7) });
    expect(body.spend.byCampaign).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, name: 'Spring sale', messages: 6, amount: cost(6) })]),
    );
    expect(body.spend.byApiKey).toEqual(expect.arrayContaining([expect.objectContaining({ id: keyA.id, name: 'Shop', messages: 1 })]));
    expect(body.spend.byCountry).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'GB', messages: 7, amount: cost(7) })]));
    expect(body.month.spent).toBe(cost(7));
    expect(body.month.forecast).toBeGreaterThanOrEqual(cost(7));
    const months = await usage('period=month');
    expect(months.body.series).toHaveLength(12);
    expect(months.body.total.amount).toBe(cost(7));
  });

  it('warns the admins once at 80%, pauses a sending campaign at 100%, refuses launches and API sends (402) until the cap is raised', async () => {
    // 0.35 spent: a cap of 0.4 is 87.5%.
    expect((await putBudgets({ monthlyCap: 0.4, apiKeyCaps: [] })).status).toBe(200);
    const first = await check();
    expect(first.warned).toBeGreaterThan(0);
    expect((await check()).warned).toBe(0);
    const bell = await server.get('/api/notifications', { token: admin.token });
    expect(bell.body.data.filter((n: any) => n.kind === 'budget_warning').map((n: any) => n.params.level)).toEqual([80]);

    // A slow campaign (1 message a second) is still sending when the cap is reached.
    await seedContacts(server, 20, { offset: 100 });
    const created = await server.post(
      '/api/campaigns',
      { name: 'Slow one', body: 'Hello', audience: { type: 'all' }, rateLimit: 1 },
      { token: admin.token },
    );
    const slow = created.body.campaign.id;
    expect((await server.post(`/api/campaigns/${slow}/launch`, undefined, { token: admin.token })).status).toBe(200);
    await waitFor(async () => ((await charged()) >= 9 ? true : undefined), 15_000, 'the slow campaign to send');
    const result = await check();
    expect(result.paused).toEqual([slow]);
    expect(await statusOf(slow)).toMatchObject({ status: 'paused', statusReason: { code: 'BUDGET_REACHED' } });
    expect((await check()).warned).toBe(0);
    const levels = (await server.get('/api/notifications', { token: admin.token })).body.data
      .filter((n: any) => n.kind === 'budget_warning')
      .map((n: any) => n.params.level);
    expect(levels.sort()).toEqual([100, 80]);

    const refused = await sendApi(keyA.secret);
    expect([refused.status, refused.body.code]).toEqual([402, 'BUDGET_REACHED']);
    const resume = await server.post(`/api/campaigns/${slow}/resume`, undefined, { token: admin.token });
    expect([resume.status, resume.body.code]).toEqual([402, 'BUDGET_REACHED']);
    const draft = await server.post('/api/campaigns', { name: 'Another', body: 'Hi', audience: { type: 'all' } }, { token: admin.token });
    const launch = await server.post(`/api/campaigns/${draft.body.campaign.id}/launch`, undefined, { token: admin.token });
    expect([launch.status, launch.body.code]).toEqual([402, 'BUDGET_REACHED']);
    expect((await usage()).body.budget).toMatchObject({ cap: 0.4, reached: true });

    // Raised: sends go again; the paused campaign waits for someone to resume it.
    expect((await putBudgets({ monthlyCap: 100, apiKeyCaps: [] })).status).toBe(200);
    expect((await sendApi(keyA.secret)).status).toBe(202);
    expect((await check()).paused).toEqual([]);
    expect((await statusOf(slow)).status).toBe('paused');
    expect((await server.post(`/api/campaigns/${slow}/resume`, undefined, { token: admin.token })).status).toBe(200);
    await server.post(`/api/campaigns/${slow}/cancel`, undefined, { token: admin.token });
    const audit = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from audit_log where action = 'settings.budgets.update'`,
    );
    expect(audit[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('refuses only the API key whose own cap is spent', async () => {
    expect((await putBudgets({ monthlyCap: null, apiKeyCaps: [{ apiKeyId: keyA.id, monthlyCap: 0.01 }] })).status).toBe(200);
    const refused = await sendApi(keyA.secret);
    expect([refused.status, refused.body.code]).toEqual([402, 'BUDGET_REACHED']);
    expect((await sendApi(keyB.secret)).status).toBe(202);
    const answer = await usage();
    expect(answer.body.apiKeyBudgets).toEqual([expect.objectContaining({ apiKeyId: keyA.id, name: 'Shop', cap: 0.01, reached: true })]);
    expect((await putBudgets({ monthlyCap: null, apiKeyCaps: [] })).status).toBe(200);
    expect((await sendApi(keyA.secret)).status).toBe(202);
  });

  it('keeps what was spent when the price table changes (usage, statement, budget); a new send costs the new price', async () => {
    const db = server.database.db;
    const month = (await usage()).body.month.start.slice(0, 7);
    const created = await server.post('/api/statements', { month, scope: 'organisation' }, { token: admin.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const statement = () => server.get(`/api/statements/${created.body.statement.id}`, { token: admin.token });
    const figures = async () => {
      const body = (await usage()).body;
      const { lines, total } = (await statement()).body.statement;
      return {
        // Money only: a late receipt may still move the delivered count.
        total: { messages: body.total.messages, parts: body.total.parts, amount: body.total.amount },
        spend: body.spend,
        spent: body.month.spent,
        lines,
        statement: total,
        budget: (await computeBudgetState(db)).spent,
      };
    };
    const before = await figures();
    expect(before.total.amount).toBeGreaterThan(0);
    await server.put('/api/settings/messaging', { pricePerSegment: 0.2 }, { token: admin.token });
    expect(await figures()).toEqual(before);

    const parts = await charged();
    expect((await sendApi(keyB.secret)).status).toBe(202);
    await waitFor(async () => ((await charged()) === parts + 1 ? true : undefined), 10_000, 'the API message to be sent');
    const after = await figures();
    expect(after.total.amount).toBe(roundPrice(before.total.amount + 0.2));
    expect(after.statement).toBe(roundPrice(before.statement + 0.2));
    expect(after.budget).toBe(roundPrice(before.budget + 0.2));
    const [last] = await queryRows<{ price_micros: string; price_currency: string }>(
      db,
      sql`select price_micros::text, price_currency from messages where sent_at is not null order by sent_at desc, id desc limit 1`,
    );
    expect(last).toEqual({ price_micros: '200000', price_currency: 'EUR' });
    await server.put('/api/settings/messaging', { pricePerSegment: PRICE }, { token: admin.token });
  });
});
