import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../gateways/gateway.ts';
import { seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startSmppPeer, type SmppPeer } from '../../../test/smpp-peer.ts';
import { currentGatewayLinks } from './gateway-links.queries.ts';

/**
 * A lost SMPP link, as the people watching see it: a warning in the log, the gateway's row
 * (Configurations -> SMS gateways) retrying with the reason and since when, a sending campaign
 * waiting for its gateway; all clear once it binds again. The state goes through the database
 * (gateway_links), as workers run in other processes than the API on PostgreSQL.
 */
describe('an SMPP link lost and found again', () => {
  let peer: SmppPeer;
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let gatewayId: string;
  let campaignId: string;
  const warnings: string[] = [];

  const link = async (token = admin.token) => {
    const { body } = await server.get('/api/gateways', { token });
    return body.data.find((gateway: { id: string }) => gateway.id === gatewayId)?.link ?? null;
  };
  const progress = async () => (await server.get(`/api/campaigns/${campaignId}/progress`, { token: admin.token })).body;

  beforeAll(async () => {
    peer = await startSmppPeer();
    server = await startTestServer({
      engine: { batchSize: 20, lanes: 1 },
      engineLogger: { ...silentLogger, warn: (_details, message) => void warnings.push(message) },
    });
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
    const created = await server.post(
      '/api/gateways',
      {
        name: 'SMSC',
        kind: 'smpp',
        config: { host: '127.0.0.1', port: peer.port, systemId: peer.credentials.systemId, reconnectMinSeconds: 1, reconnectMaxSeconds: 1 },
        secrets: { password: peer.credentials.password },
      },
      { token: admin.token },
    );
    gatewayId = created.body.gateway.id;
    await seedContacts(server, 200);
    const campaign = await server.post('/api/campaigns', { name: 'Slow', body: 'Hello', gatewayId, rateLimit: 20 }, { token: admin.token });
    campaignId = campaign.body.campaign.id;
    await server.post(`/api/campaigns/${campaignId}/launch`, undefined, { token: admin.token });
    await waitFor(async () => (peer.stats.accepted >= 20 ? true : undefined), 20_000, 'the first submits');
  }, 40_000);
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  it('shows the link connected while it works', async () => {
    expect(
      await waitFor(async () => ((await link())?.state === 'connected' ? link() : undefined), 10_000, 'a connected link'),
    ).toMatchObject({ state: 'connected', reason: null });
    expect(await progress()).toMatchObject({ gatewayDown: null, averageRatePerSecond: null });
  });

  it('says it is lost: warning, gateway row retrying with reason and since when, campaign waiting; then clears on rebind', async () => {
    const port = peer.port;
    const lostAt = Date.now();
    await peer.close();
    const down = await waitFor(
      async () => {
        const current = await link();
        return current?.state === 'retrying' ? current : undefined;
      },
      10_000,
      'the link retrying',
    );
    expect(down.reason).toMatch(/lost|connect/i);
    expect(Date.parse(down.since)).toBeGreaterThan(lostAt - 60_000);
    expect(warnings.some((message) => message.startsWith('SMPP connection lost'))).toBe(true);
    // Managers read the gateways too (read-only).
    expect((await link(manager.token))?.state).toBe('retrying');
    const waiting = await waitFor(
      async () => {
        const body = await progress();
        return body.gatewayDown ? body : undefined;
      },
      10_000,
      'the campaign waiting for its gateway',
    );
    expect(waiting).toMatchObject({ status: 'sending', statusReason: null, gatewayDown: { state: 'retrying' } });
    // Failed attempts to reconnect keep the time it was lost.
    await waitFor(
      async () => (warnings.some((message) => message.startsWith('SMPP connection failed')) ? true : undefined),
      10_000,
      'a failed reconnection',
    );
    expect((await link())?.since).toBe(down.since);

    peer = await startSmppPeer({ port });
    expect(
      await waitFor(async () => ((await link())?.state === 'connected' ? link() : undefined), 15_000, 'the link bound again'),
    ).toMatchObject({ reason: null });
    expect((await progress()).gatewayDown).toBeNull();
    await waitFor(async () => (peer.stats.accepted > 0 ? true : undefined), 15_000, 'sending again');
  }, 60_000);

  it('reads the worst state among the workers, ignoring those that stopped reporting', async () => {
    const db = server.database.db;
    const other = '00000000-0000-4000-8000-0000000000aa';
    await db.execute(sql`insert into gateway_links (gateway_id, worker, state, reason, since, seen_at) values
      (${other}, 'a', 'connected', null, now() - interval '1 hour', now()),
      (${other}, 'b', 'retrying', 'Connection lost', now() - interval '5 minutes', now()),
      (${other}, 'c', 'retrying', 'Cannot connect', now() - interval '2 minutes', now()),
      (${other}, 'd', 'refused', 'Invalid password', now() - interval '1 minute', now() - interval '10 minutes')`);
    const links = await currentGatewayLinks(db, [other]);
    expect(links.get(other)).toMatchObject({ state: 'retrying', reason: 'Connection lost' });
    expect(Date.now() - Date.parse(links.get(other)?.since ?? '')).toBeGreaterThan(4 * 60_000);
  });
});
