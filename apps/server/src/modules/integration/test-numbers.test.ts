import { TEST_NUMBER_REPLY } from '@sms/contracts/test-numbers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { configureSimulator, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { addNetSmppGateway, startNetSmppSmsc, type NetSmppSmsc } from '../../../test/net-smpp-smsc.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

/**
 * Test numbers (+44 7700 900000-900999, contracts test-numbers.ts; issue 38): fixed outcomes by
 * their last three digits, answered by the platform itself whatever the gateway, never an opt-out.
 */
describe('test numbers', () => {
  let server: TestServer;
  let admin: TestAccount;
  let secret = '';
  let smsc: NetSmppSmsc | undefined;

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    // A simulator that would answer every message with STOP: test numbers must not hear it.
    await configureSimulator(server, admin.token, {
      replyRate: 1,
      replyDelayMinMs: 0,
      replyDelayMaxMs: 10,
      replyTexts: ['STOP'],
      failureRate: 0.5,
    });
    const created = await server.post(
      '/api/api-keys',
      { name: 'Shop', scopes: ['messages:send', 'messages:read'], rateLimit: 1000 },
      { token: admin.token },
    );
    secret = created.body.secret;
  });
  afterAll(async () => {
    await smsc?.close().catch(() => {});
    await server?.close();
  });

  const send = (to: string, gatewayId?: string) =>
    server.post('/api/v1/messages', { to, body: 'Testing', ...(gatewayId ? { gatewayId } : {}) }, { token: secret });
  const settled = (id: string, done: (message: any) => boolean) =>
    waitFor(
      async () => {
        const { body } = await server.get(`/api/v1/messages/${id}`, { token: secret });
        return done(body) ? body : undefined;
      },
      20_000,
      `message ${id} to settle`,
    );

  /** Sends to one number of each outcome and checks each one's fixed end. */
  const checkOutcomes = async (gatewayId?: string) => {
    const suffix = gatewayId ? '5' : '1';
    const sent: Record<string, string> = {};
    for (const [name, to] of Object.entries({
      delivered: `+44770090000${suffix}`,
      undelivered: `+44770090020${suffix}`,
      failed: `+44770090030${suffix}`,
      replies: `+44770090040${suffix}`,
    })) {
      const answer = await send(to, gatewayId);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(202);
      sent[name] = answer.body.id;
    }
    const final = (message: any) => ['delivered', 'undelivered', 'failed'].includes(message.status);
    expect((await settled(sent.delivered!, final)).status).toBe('delivered');
    expect(await settled(sent.undelivered!, final)).toMatchObject({ status: 'undelivered', error: { code: 'TEST_NUMBER_UNDELIVERED' } });
    expect(await settled(sent.failed!, final)).toMatchObject({ status: 'failed', error: { code: 'TEST_NUMBER_FAILED' } });
    const answered = await settled(sent.replies!, (message) => message.reply !== null);
    expect(answered).toMatchObject({ status: 'delivered', reply: { text: TEST_NUMBER_REPLY } });
    // Nobody opted out, whatever the simulator answers real numbers.
    const optedOut = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from contacts where phone like '+447700900%' and status = 'opted_out'`,
    );
    expect(optedOut[0]?.n).toBe(0);
  };

  it('are accepted by the API (the README example works as written) and end as their range says, never opted out', async () => {
    await checkOutcomes();
    const inbound = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from inbound_messages where body = 'STOP'`,
    );
    expect(inbound[0]?.n).toBe(0);
  }, 60_000);

  it('never reach a real SMSC: the platform answers them itself, with the same outcomes', async () => {
    smsc = await startNetSmppSmsc({ replyEvery: 1 });
    const gatewayId = await addNetSmppGateway(server, admin.token, smsc);
    await checkOutcomes(gatewayId);
    // A real number in the same minutes still goes to the SMSC.
    const real = await send('+447400900555', gatewayId);
    await settled(real.body.id, (message) => message.status === 'delivered');
    const summary = await smsc.close();
    smsc = undefined;
    expect(summary.submits).toBe(1);
    expect(summary.recipients).toBe(1);
  }, 90_000);

  it('are still refused just outside the range', async () => {
    expect((await send('+447700901000')).body).toMatchObject({ code: 'INVALID_PHONE', field: 'to' });
  });
});
