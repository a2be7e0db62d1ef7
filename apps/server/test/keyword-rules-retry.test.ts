import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { processInbound } from '../src/modules/inbound/index.ts';
import { domainEvents } from '../src/sending.ts';
import { configureSimulator } from './campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

// Keyword rules (decision 104) when the inbound processing runs again over the same replies: the
// engine and the rules together, so here rather than in either module.
describe('keyword rules on a retried inbound batch', () => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
  });
  afterAll(() => server?.close());

  const create = async (body: Record<string, unknown>) => {
    const response = await server.post('/api/keyword-rules', body, { token: admin.token });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.rule as any;
  };
  const receive = async (from: string, body: string) =>
    server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
      { gatewayMessageId: `retry-${from}-${Date.now()}-${Math.random()}`, from, to: '+447700999999', body, receivedAt: new Date() },
    ]);
  const contactOf = async (phone: string) =>
    (await queryRows<{ tag2: string | null }>(server.database.db, sql`select tag2 from contacts where phone = ${phone}`))[0];
  const autoAnswers = async (phone: string) =>
    (
      await queryRows<{ body: string }>(
        server.database.db,
        sql`select body from messages where kind = 'auto' and phone = ${phone} order by id`,
      )
    ).map((row) => row.body);
  const applications = async (phone: string) =>
    queryRows<{ rule_name: string }>(
      server.database.db,
      sql`select a.rule_name from keyword_rule_applications a join inbound_messages i on i.id = a.inbound_id where i.from_phone = ${phone}`,
    );

  it('applies a rule once to a reply processed again, and not at all when disabled', async () => {
    const rule = await create({
      name: 'Once',
      words: ['ONCE'],
      actions: [
        { type: 'tag', field: 'tag2', value: 'once' },
        { type: 'answer', text: 'Once only' },
      ],
    });
    const phone = '+447700500002';
    await receive(phone, 'once');
    expect((await contactOf(phone))?.tag2).toBe('once');
    // Processing the same reply again (a retried batch) applies nothing twice.
    await server.database.db.execute(sql`update contacts set tag2 = 'changed by hand' where phone = ${phone}`);
    const ids = await queryRows<{ id: string }>(server.database.db, sql`select id::text from inbound_messages where from_phone = ${phone}`);
    await server.database.db.execute(sql`update inbound_messages set processed_at = null where from_phone = ${phone}`);
    const again = await processInbound(
      server.database.db,
      ids.map((row) => row.id),
      domainEvents(),
    );
    expect(again.processed).toBe(1);
    expect((await contactOf(phone))?.tag2).toBe('changed by hand');
    expect(await autoAnswers(phone)).toEqual(['Once only']);
    expect(await applications(phone)).toHaveLength(1);
    await server.put(`/api/keyword-rules/${rule.id}`, { enabled: false }, { token: admin.token });
    await receive(phone, 'ONCE');
    expect(await applications(phone)).toHaveLength(1);
  });
});
