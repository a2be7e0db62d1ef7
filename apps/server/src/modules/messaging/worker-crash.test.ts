import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { onPostgres, startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startSmppPeer } from '../../../test/smpp-peer.ts';

const WORKER_ENTRY = new URL('../../worker.ts', import.meta.url).pathname;
const RECIPIENTS = 20_000;
const LANES = 2;
const BATCH = 200;

if (!onPostgres) console.info('worker-crash.test.ts: skipped without TEST_DATABASE_URL (separate worker processes need PostgreSQL)');

/**
 * kill -9 of the worker process, three times, in the middle of a 20,000-recipient campaign sent
 * over SMPP: after each restart the leases of the dead worker's batches expire and the messages
 * are sent again, so the campaign completes with exactly one message row per recipient, every
 * recipient seen by the SMSC at least once, and duplicates bounded by what was in flight.
 */
describe.skipIf(!onPostgres)('worker crashes during a campaign (PostgreSQL, SMPP peer on loopback)', () => {
  let server: TestServer;
  let admin: TestAccount;
  let peer: Awaited<ReturnType<typeof startSmppPeer>>;
  let worker: ChildProcess | undefined;
  let workerLog = '';

  const startWorker = () => {
    worker = spawn(process.execPath, [WORKER_ENTRY], {
      env: {
        ...process.env,
        DATABASE_URL: server.config.databaseUrl,
        LOG_LEVEL: 'warn',
        DISPATCH_LANES: String(LANES),
        DISPATCH_BATCH_SIZE: String(BATCH),
        DISPATCH_LEASE_SECONDS: '5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout?.on('data', (chunk: Buffer) => (workerLog += chunk.toString()));
    worker.stderr?.on('data', (chunk: Buffer) => (workerLog += chunk.toString()));
  };
  const killWorker = async () => {
    const child = worker;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    peer = await startSmppPeer({ receiptDelayMs: 50, record: false });
    server = await startTestServer({ rateLimitPerMinute: 100_000 });
    admin = await server.createAdmin();
    const gateway = await server.post(
      '/api/gateways',
      {
        name: 'SMSC',
        kind: 'smpp',
        config: {
          host: '127.0.0.1',
          port: peer.port,
          systemId: peer.credentials.systemId,
          windowSize: 50,
          submitTimeoutSeconds: 5,
          reconnectMinSeconds: 1,
          reconnectMaxSeconds: 2,
        },
        secrets: { password: peer.credentials.password },
        isDefault: true,
        // Slow enough that three crashes land mid-campaign.
        rateLimit: 1_500,
      },
      { token: admin.token },
    );
    expect(gateway.status).toBe(201);
    await seedContacts(server, RECIPIENTS);
    startWorker();
  }, 120_000);
  afterAll(async () => {
    await killWorker();
    await server?.close();
    await peer?.close();
  });

  it('completes after three kill -9, one row per recipient, each seen at least once, duplicates bounded', async () => {
    const created = await server.post('/api/campaigns', { name: 'Crash test', body: 'Hello {{first_name}}' }, { token: admin.token });
    const id = created.body.campaign.id;
    expect((await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token })).status).toBe(200);

    for (let crash = 1; crash <= 3; crash += 1) {
      const target = peer.stats.accepted + 2_500;
      await waitFor(async () => (peer.stats.accepted >= target ? true : undefined), 60_000, `submits before crash ${crash}\n${workerLog}`);
      await killWorker();
      startWorker();
    }

    let last: unknown;
    await waitFor(
      async () => {
        const { body } = await server.get(`/api/campaigns/${id}`, { token: admin.token });
        last = body.campaign;
        return body.campaign.status === 'completed' && body.campaign.counts.delivered === RECIPIENTS ? true : undefined;
      },
      90_000,
      'completion',
    ).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}: ${JSON.stringify(last)}\nworker:\n${workerLog.slice(-3000)}`);
    });

    const [rows] = await queryRows<{ total: number; contacts: number }>(
      server.database.db,
      sql`select count(*)::int as total, count(distinct contact_id)::int as contacts from messages where campaign_id = ${id}`,
    );
    expect(rows).toEqual({ total: RECIPIENTS, contacts: RECIPIENTS });
    const phones = await queryRows<{ phone: string }>(server.database.db, sql`select phone from messages where campaign_id = ${id}`);
    const unseen = phones.filter((row) => (peer.counts.get(row.phone) ?? 0) < 1);
    expect(unseen).toEqual([]);
    const duplicates = [...peer.counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    // At most every message in flight (lanes x batch) at each of the three crashes was sent twice.
    expect(duplicates).toBeLessThanOrEqual(3 * LANES * BATCH);
    console.info(
      `worker-crash: ${RECIPIENTS} recipients, ${peer.stats.accepted} accepted by the SMSC, ${duplicates} duplicates after 3 kill -9 (bound ${3 * LANES * BATCH})`,
    );
  }, 240_000);
});
