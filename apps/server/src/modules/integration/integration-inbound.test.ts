import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { TEST_NUMBER_REPLY } from '@sms/contracts/test-numbers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureSimulator, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

describe('GET /api/v1/inbound', () => {
  let server: TestServer;
  let admin: TestAccount;
  let secret = '';

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    secret = (
      await server.post(
        '/api/api-keys',
        { name: 'Replies', scopes: ['messages:send', 'messages:read'], rateLimit: 1000 },
        { token: admin.token },
      )
    ).body.secret;
  });
  afterAll(() => server?.close());

  const list = (query = '', token = secret) => server.get(`/api/v1/inbound${query}`, { token });

  it('needs a key with messages:read, and names a bad field', async () => {
    expect((await server.get('/api/v1/inbound')).status).toBe(401);
    expect((await server.get('/api/v1/inbound', { token: admin.token })).status).toBe(401);
    const sender = (await server.post('/api/api-keys', { name: 'Send only', scopes: ['messages:send'] }, { token: admin.token })).body
      .secret;
    const refused = await list('', sender);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('messages:read');
    for (const [query, field] of [
      ['?cursor=abc', 'cursor'],
      ['?since=yesterday', 'since'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      [`?from=${'9'.repeat(41)}`, 'from'],
    ]) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.field, query).toBe(field);
    }
  });

  it('lists replies newest first with their contact and the message they answer; filters by sender and time; pages by cursor', async () => {
    // A test number in 400-499 answers "Test reply" (contracts test-numbers.ts).
    const sent = await server.post('/api/v1/messages', { to: '+447700900412', body: 'Are you coming?' }, { token: secret });
    expect(sent.status).toBe(202);
    // Listed once stored; matched to the message it answers a moment later.
    const reply = await waitFor(
      async () => {
        const [first] = (await list('?from=%2B447700900412')).body.data;
        return first?.replyToMessageId ? first : undefined;
      },
      20_000,
      'the test number to answer',
    );
    expect(reply).toMatchObject({
      from: '+447700900412',
      body: TEST_NUMBER_REPLY,
      contactId: sent.body.contactId,
      replyToMessageId: sent.body.id,
      campaignId: null,
      optedOut: false,
    });
    expect(Number.isNaN(Date.parse(reply.receivedAt))).toBe(false);

    // A stranger's opt-out and a short code's message, later.
    await server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
      { gatewayMessageId: 'v1-in-1', from: '+447400910001', to: '+447400999999', body: 'STOP', receivedAt: new Date() },
    ]);
    await server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
      { gatewayMessageId: 'v1-in-2', from: 'BANK', to: '+447400999999', body: 'Hello from a short code', receivedAt: new Date() },
    ]);
    const all = await waitFor(async () => {
      const answer = await list('?limit=3');
      return answer.body.data.length === 3 && answer.body.data[1].optedOut ? answer.body : undefined;
    });
    expect(all.data.map((message: any) => [message.from, message.body])).toEqual([
      ['BANK', 'Hello from a short code'],
      ['+447400910001', 'STOP'],
      ['+447700900412', TEST_NUMBER_REPLY],
    ]);
    expect(all.data[0]).toMatchObject({ contactId: null, replyToMessageId: null });
    expect(all.data[1].contactId).not.toBeNull();

    // Filters: the sender as stored (E.164, or as it came), and the arrival time.
    expect((await list('?from=BANK')).body.data.map((message: any) => message.body)).toEqual(['Hello from a short code']);
    expect((await list('?from=%2B44%207400%20910001')).body.data.map((message: any) => message.body)).toEqual(['STOP']);
    expect((await list('?from=%2B447400910099')).body).toEqual({ data: [], nextCursor: null });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list(`?since=${encodeURIComponent(future)}`)).body.data).toEqual([]);
    expect((await list(`?since=${encodeURIComponent(reply.receivedAt)}&limit=100`)).body.data).toHaveLength(3);

    // Pages: each holds the next older ones; the last says so.
    const first = await list('?limit=2');
    expect(first.body.data.map((message: any) => message.id)).toEqual(all.data.slice(0, 2).map((message: any) => message.id));
    expect(first.body.nextCursor).toBe(all.data[1].id);
    const second = await list(`?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((message: any) => message.id)).toEqual([all.data[2].id]);
    expect(second.body.nextCursor).toBeNull();
  });
});
