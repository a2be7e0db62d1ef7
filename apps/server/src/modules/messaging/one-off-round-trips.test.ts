import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../gateways/gateway.ts';
import { configureSimulator, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { Dispatcher } from './dispatcher.ts';
import { GatewayRegistry } from './gateway-registry.ts';
import { domainEvents } from '../../sending.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

/**
 * The database work of the priority lane per high-priority API message (issue 20: 500 such messages
 * must cost a campaign sending at full rate at most 10% of its rate on the same host). The
 * dispatcher runs in an async context of its own, so only its statements are counted (the API
 * calls and the test's reads are not); no campaign lanes and no housekeeping run, and the idle
 * lane never polls: it looks only when woken, as an API send in the same process wakes it.
 * PGlite's BEGIN/COMMIT are its own and not seen, PostgreSQL's are.
 */
describe('priority lane round trips', () => {
  let server: TestServer;
  let admin: TestAccount;
  let dispatcher: Dispatcher;
  let registry: GatewayRegistry;
  const lane = new AsyncLocalStorage<'lane'>();
  let statements: string[] | undefined;
  const engineErrors: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      onQuery: (query) => {
        if (lane.getStore() === 'lane') statements?.push(query);
      },
    });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    // Receipts are the receipt buffers' work, batched for all lanes, not the priority lane's.
    registry = new GatewayRegistry(
      server.database,
      { receipts: async () => {}, inbound: async () => {}, link: () => {} },
      { publicUrl: undefined, twilioApiBaseUrl: 'http://127.0.0.1:9' },
      { logger: silentLogger },
    );
    dispatcher = new Dispatcher({
      database: server.database,
      gateways: () => registry,
      events: domainEvents(),
      logger: { ...silentLogger, error: (details, message) => engineErrors.push(`${message}: ${String((details as any).err ?? '')}`) },
      options: { lanes: 0, idleMs: 600_000, oneOffPollMs: 600_000 },
    });
    lane.run('lane', () => dispatcher.start());
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await registry?.close();
    await server?.close();
  });

  it('costs two statements per message: the claim with its contact, and the write-back (was eight on PostgreSQL)', async () => {
    const created = await server.post(
      '/api/api-keys',
      { name: 'Codes', scopes: ['messages:send', 'messages:read'], rateLimit: 1000 },
      { token: admin.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const secret = created.body.secret as string;
    const sendOne = async (i: number) => {
      const answer = await server.post(
        '/api/v1/messages',
        { to: `+4474009000${String(i).padStart(2, '0')}`, body: `Your code is ${100000 + i}`, priority: 'high' },
        { token: secret },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      dispatcher.wake();
      await waitFor(
        async () => {
          const read = await server.get(`/api/v1/messages/${answer.body.id}`, { token: secret });
          return read.body.status === 'sent' || read.body.status === 'delivered' ? read.body : undefined;
        },
        10_000,
        `API message ${i} to be sent (engine errors: ${engineErrors.join('; ')})`,
      );
    };
    // The first one builds the gateway instance (its row read).
    await sendOne(0);
    const sends = 10;
    statements = [];
    for (let i = 1; i <= sends; i++) await sendOne(i);
    const sent = statements;
    statements = undefined;
    // Now and then (2 s) the gateway row and the sending hold (app_settings) are read again; everything
    // else is per message (ten sends take over 2 s on a loaded host).
    const perMessage = sent.filter((query) => !/\b(gateways|app_settings)\b/.test(query));
    expect(perMessage.length, perMessage.join('\n---\n')).toBe(2 * sends);
    expect(perMessage.filter((query) => /^(begin|commit)\b/i.test(query.trim()))).toEqual([]);
    expect(engineErrors).toEqual([]);
  });
});

/**
 * A queued one-off wakes the priority lane alone. Waking the whole dispatcher also reloaded the
 * campaign board and lifted every campaign's wait: at every API call, while a campaign sends at
 * full speed.
 */
describe('a queued one-off and the campaign lanes', () => {
  let server: TestServer;
  let admin: TestAccount;
  const boardReads: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      onQuery: (query) => {
        if (/from campaigns where status = 'sending'/.test(query)) boardReads.push(query);
      },
      // One campaign lane, which reads the board once at start and then sleeps until woken.
      engine: { lanes: 1, idleMs: 600_000, oneOffPollMs: 600_000 },
    });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends API messages without the campaign lanes reading the board again', async () => {
    const created = await server.post(
      '/api/api-keys',
      { name: 'Codes', scopes: ['messages:send', 'messages:read'] },
      { token: admin.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const secret = created.body.secret as string;
    const before = boardReads.length;
    for (let i = 1; i <= 5; i++) {
      const answer = await server.post(
        '/api/v1/messages',
        { to: `+4474009100${String(i).padStart(2, '0')}`, body: `Your code is ${200000 + i}`, priority: 'high' },
        { token: secret },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      // Sent without any poll (600 s): the API call woke the priority lane.
      await waitFor(
        async () => {
          const read = await server.get(`/api/v1/messages/${answer.body.id}`, { token: secret });
          return read.body.status === 'sent' || read.body.status === 'delivered' ? read.body : undefined;
        },
        10_000,
        `API message ${i} to be sent`,
      );
    }
    expect(boardReads.length - before).toBe(0);
  });
});
