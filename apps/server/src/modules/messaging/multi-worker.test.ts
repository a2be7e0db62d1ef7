import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { openDatabase } from '../../db/open.ts';
import { configureSimulator, countMessageRows, nonZero, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { engineTestLogger, onPostgres, startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { createSending } from '../../sending.ts';
import type { MessagingEngine } from './engine.ts';

// PGlite belongs to one process; several workers only exist on PostgreSQL.
if (!onPostgres) console.info('multi-worker.test.ts: skipped without TEST_DATABASE_URL (several workers need PostgreSQL)');

describe.skipIf(!onPostgres)('several workers on one PostgreSQL database', () => {
  let server: TestServer;
  let admin: TestAccount;
  const extra: Array<{ database: Database; engine: MessagingEngine }> = [];

  beforeAll(async () => {
    server = await startTestServer({ engine: { batchSize: 100, lanes: 2 } });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, { acceptPerSecond: 4_000 });
    await seedContacts(server, 6_000);
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase({ databaseUrl: server.config.databaseUrl });
      const engine = createSending({
        database,
        logger: engineTestLogger(),
        publicUrl: undefined,
        options: { batchSize: 100, lanes: 2, idleMs: 50 },
      });
      engine.start();
      extra.push({ database, engine });
    }
  });
  afterAll(async () => {
    for (const { engine, database } of extra) {
      await engine.stop();
      await database.close();
    }
    await server?.close();
  });

  it('share one campaign: every recipient exactly one message, each handed over once, counters exact', async () => {
    const created = await server.post('/api/campaigns', { name: 'Shared', body: 'Hello {{first_name}}' }, { token: admin.token });
    const id = created.body.campaign.id;
    await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token });
    const campaign = await waitFor(
      async () => {
        const { body } = await server.get(`/api/campaigns/${id}`, { token: admin.token });
        return body.campaign.status === 'completed' && body.campaign.counts.delivered === 6_000 ? body.campaign : undefined;
      },
      60_000,
      'completion',
    );
    expect(nonZero(campaign.counts)).toEqual({ delivered: 6_000 });
    expect(await countMessageRows(server, id)).toEqual({ delivered: 6_000 });
    const [row] = await queryRows<{ contacts: number; gateway_ids: number; attempts: number }>(
      server.database.db,
      sql`select count(distinct contact_id)::int as contacts, count(distinct gateway_message_id)::int as gateway_ids, max(attempts)::int as attempts
          from messages where campaign_id = ${id}`,
    );
    expect(row).toEqual({ contacts: 6_000, gateway_ids: 6_000, attempts: 1 });
  });
});
