import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { countMessageRows, nonZero, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startSmppPeer } from '../../../test/smpp-peer.ts';

type Peer = Awaited<ReturnType<typeof startSmppPeer>>;
const phone = (i: number) => `+447700${String(i).padStart(6, '0')}`;

/**
 * A campaign through the SMPP gateway against a real SMSC on loopback that misbehaves in every
 * way it can: throttles, refuses a number, swallows submits, unbinds and drops the connection
 * mid-send, and sends receipts shuffled and twice.
 */
describe('a campaign through SMPP against a misbehaving SMSC', () => {
  let server: TestServer;
  let admin: TestAccount;
  let peer: Peer;
  let gatewayId: string;

  beforeAll(async () => {
    peer = await startSmppPeer({
      receiptDelayMs: 30,
      receiptOrder: 'shuffled',
      duplicateReceipts: true,
      errors: { [phone(7)]: 'ESME_RINVDSTADR' },
    });
    server = await startTestServer({ engine: { batchSize: 100, lanes: 3, leaseSeconds: 30 } });
    admin = await server.createAdmin();
    const created = await server.post(
      '/api/gateways',
      {
        name: 'SMSC',
        kind: 'smpp',
        config: {
          host: '127.0.0.1',
          port: peer.port,
          systemId: peer.credentials.systemId,
          windowSize: 20,
          submitTimeoutSeconds: 2,
          reconnectMinSeconds: 1,
          reconnectMaxSeconds: 2,
        },
        secrets: { password: peer.credentials.password },
      },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    gatewayId = created.body.gateway.id;
    expect((await server.post(`/api/gateways/${gatewayId}/test`, undefined, { token: admin.token })).body.ok).toBe(true);
    await seedContacts(server, 1_500);
    // Opted out before the launch: never get a message row.
    await server.database.db.execute(
      sql`update contacts set status = 'opted_out', opted_out_at = now(), opt_out_source = 'keyword' where right(phone, 2) = '30'`,
    );
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  it('loses no message, never sends to an opted-out contact, and keeps counters exact', async () => {
    const created = await server.post(
      '/api/campaigns',
      { name: 'Rough seas', body: 'Storm warning for {{first_name}}: stay inside. €5 fine if not ✓', gatewayId },
      { token: admin.token },
    );
    const id = created.body.campaign.id;
    expect((await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token })).status).toBe(200);

    // Misbehave while it sends.
    peer.update({ throttle: { fraction: 0.1 } });
    await waitFor(async () => (peer.stats.accepted > 200 ? true : undefined), 20_000, 'first submits');
    peer.update({ swallow: 15 });
    await waitFor(async () => (peer.stats.accepted > 500 ? true : undefined), 20_000, 'more submits');
    peer.unbindAll();
    // Opted out mid-campaign: whatever is still queued for them must end skipped.
    await server.database.db.execute(
      sql`update contacts set status = 'opted_out', opted_out_at = now(), opt_out_source = 'keyword' where right(phone, 2) = '99'`,
    );
    const optedOutAt = peer.stats.accepted;
    await waitFor(async () => (peer.stats.accepted > optedOutAt + 200 ? true : undefined), 20_000, 'submits after the unbind');
    peer.dropAll();
    peer.update({ throttle: null });

    const campaign = await waitFor(
      async () => {
        const { body } = await server.get(`/api/campaigns/${id}`, { token: admin.token });
        const c = body.campaign;
        return c.status === 'completed' && c.counts.sent === 0 ? c : undefined;
      },
      90_000,
      'completion with every receipt in',
    );

    const rows = await countMessageRows(server, id);
    expect(nonZero(campaign.counts)).toEqual(rows);
    // 1,500 contacts, 15 opted out before the launch (phones ending in 30).
    expect(campaign.counts.total).toBe(1_485);
    expect(rows.failed).toBe(1);
    expect((rows.delivered ?? 0) + (rows.skipped ?? 0) + 1).toBe(1_485);
    expect(rows.queued ?? 0).toBe(0);

    const messages = await queryRows<{ phone: string; status: string; error_code: string | null }>(
      server.database.db,
      sql`select phone, status, error_code from messages where campaign_id = ${id}`,
    );
    for (const message of messages) {
      const submits = peer.counts.get(message.phone) ?? 0;
      if (message.status === 'delivered') expect(submits, message.phone).toBeGreaterThanOrEqual(1);
      if (message.status === 'skipped') {
        expect(message.error_code).toBe('OPTED_OUT');
        expect(message.phone.endsWith('99')).toBe(true);
        expect(submits, `${message.phone} was skipped yet submitted`).toBe(0);
      }
    }
    expect(messages.find((m) => m.phone === phone(7))).toMatchObject({ status: 'failed', error_code: 'ESME_RINVDSTADR' });
    // Opted out before the launch: no row, and the SMSC never saw them.
    for (let i = 30; i <= 1_500; i += 100) expect(peer.counts.get(phone(i)) ?? 0).toBe(0);
    // Duplicates at the SMSC are bounded by what was in flight when the link broke.
    const duplicates = [...peer.counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    expect(duplicates).toBeLessThanOrEqual(3 * 20 + 15);
  });
});
