import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { MESSAGE_ERROR_CODES } from '@sms/contracts/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { silentLogger } from '../../gateways/gateway.ts';
import { configureSimulator, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

const GATEWAY = DEFAULT_SIMULATOR_GATEWAY_ID;
const FINAL = ['sent', 'delivered', 'undelivered', 'failed', 'cancelled', 'skipped'];

/**
 * Messages and campaigns whose gateway is null. Every queueing path stores the gateway it resolved,
 * but the column is nullable and null means "the default one" (as for campaigns): the engine must
 * send such rows through the default gateway, never pass the null on to SQL as a gateway id (which
 * PostgreSQL refused, leaving the batch stranded in 'sending' and the dispatcher failing in a loop).
 */
describe('messages without a gateway', () => {
  let server: TestServer;
  let admin: TestAccount;
  const engineErrors: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      engine: true,
      engineLogger: {
        ...silentLogger,
        error: (details, message) => engineErrors.push(`${message}: ${String((details as any).err ?? '')}`),
      },
    });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    engineErrors.length = 0;
  });

  /** Queues test messages straight into the table, in one statement (so one batch claims them all). */
  const queueTests = async (rows: Array<{ phone: string; gatewayId: string | null }>) => {
    const inserted = await queryRows<{ id: string | number }>(
      server.database.db,
      sql`insert into messages (kind, gateway_id, phone, body)
          select 'test', g, p, 'Hello' from unnest(${sql.param(rows.map((r) => r.gatewayId))}::uuid[], ${sql.param(rows.map((r) => r.phone))}::text[]) as r(g, p)
          returning id`,
    );
    server.engine?.wake();
    return inserted.map((row) => String(row.id));
  };
  const finalMessage = (id: string) =>
    waitFor(
      async () => {
        const answer = await server.get(`/api/messages/${id}`, { token: admin.token });
        return FINAL.includes(answer.body.message?.status) ? answer.body.message : undefined;
      },
      10_000,
      `message ${id} to reach a final state`,
    );
  const gatewayOf = async (id: string) =>
    (await queryRows<{ gateway_id: string | null }>(server.database.db, sql`select gateway_id from messages where id = ${id}`))[0]
      ?.gateway_id;

  it('sends a one-off without a gateway through the default one, and the rest of its batch with it', async () => {
    const [withoutGateway, withGateway] = await queueTests([
      { phone: '+447700900101', gatewayId: null },
      { phone: '+447700900102', gatewayId: GATEWAY },
    ]);
    for (const id of [withoutGateway ?? '', withGateway ?? '']) {
      const message = await finalMessage(id);
      expect(['sent', 'delivered']).toContain(message.status);
      expect(message.errorCode).toBeNull();
      expect(await gatewayOf(id)).toBe(GATEWAY);
    }
    expect(engineErrors).toEqual([]);
  });

  it('fails a one-off without a gateway, its reason recorded, when there is no default gateway', async () => {
    // Not reachable through the API (the default cannot be deleted nor disabled): a damaged database.
    await server.database.db.execute(sql`update gateways set is_default = false where id = ${GATEWAY}`);
    try {
      const [id] = await queueTests([{ phone: '+447700900103', gatewayId: null }]);
      const message = await finalMessage(id ?? '');
      expect(message).toMatchObject({
        status: 'failed',
        errorCode: MESSAGE_ERROR_CODES.gatewayUnusable,
        errorText: 'No default gateway is configured',
      });
      expect(engineErrors).toEqual([]);
    } finally {
      await server.database.db.execute(sql`update gateways set is_default = true where id = ${GATEWAY}`);
    }
  });

  it('sends a campaign without a gateway through the default one', async () => {
    await seedContacts(server, 3);
    const [campaign] = await queryRows<{ id: string }>(
      server.database.db,
      sql`insert into campaigns (name, body, audience, status, launched_at)
          values ('No gateway', 'Hi', '{"type":"all"}'::jsonb, 'sending', now()) returning id`,
    );
    server.engine?.wake();
    const done = await waitFor(
      async () => {
        const answer = await server.get(`/api/campaigns/${campaign?.id}`, { token: admin.token });
        return answer.body.campaign?.status === 'completed' ? answer.body.campaign : undefined;
      },
      10_000,
      'the campaign to complete',
    );
    expect(done.status).toBe('completed');
    const rows = await queryRows<{ status: string; gateway_id: string }>(
      server.database.db,
      sql`select status, gateway_id from messages where campaign_id = ${campaign?.id ?? ''}`,
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ status: expect.stringMatching(/^(sent|delivered)$/), gateway_id: GATEWAY });
    expect(engineErrors).toEqual([]);
  });
});
