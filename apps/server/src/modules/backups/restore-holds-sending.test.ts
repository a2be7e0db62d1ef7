import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { createCampaign, launchCampaign, localIn } from '../../../test/campaign-api.ts';
import { configureSimulator, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { onPostgres, startTestServer, type TestAccount } from '../../../test/helper.ts';
import { scratchDir } from '../../../test/scratch-dir.ts';
import { emptyPglite, emptyPostgres, serveOn, type Target } from '../../../test/backup-fixtures.ts';
import { backupToFile } from './backup-commands.ts';
import { restoreBackup } from './restore.ts';

// Issue 33, item 8: a restored database never sends by itself. A copy restored for a drill, or
// the target of a move taken while the source still ran, holds every campaign that was sending or
// scheduled and every queued one-off until an administrator resumes sending.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const CONTACTS = 40;
const API_MESSAGES = 3;

/** A backup taken while a campaign is sending, another is scheduled and API messages wait in the queue. */
async function busyBackup(): Promise<{
  file: string;
  admin: TestAccount;
  agent: TestAccount;
  apiKey: string;
  sending: string;
  scheduled: string;
}> {
  const source = await startTestServer();
  cleanups.push(() => source.close());
  const admin = await source.createAdmin();
  const agent = await source.createUser('agent');
  await configureSimulator(source, admin.token, {});
  await seedContacts(source, CONTACTS);
  const sending = await createCampaign(source, admin.token, { name: 'Sending at the backup', body: 'Hello {{first_name}}' });
  await launchCampaign(source, admin.token, sending.id);
  const scheduled = await createCampaign(source, admin.token, { name: 'Due soon', body: 'Soon', scheduledLocal: localIn(3_000) });
  await launchCampaign(source, admin.token, scheduled.id);
  const key = await source.post('/api/api-keys', { name: 'Bookings', scopes: ['messages:send'], rateLimit: 100 }, { token: admin.token });
  const apiKey = key.body.secret as string;
  for (let index = 0; index < API_MESSAGES; index++) {
    const queued = await source.post('/api/v1/messages', { to: `+44 7400 90010${index}`, body: `Code ${index}` }, { token: apiKey });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  }
  const file = join(scratchDir('sms-backup-'), 'busy.sms.gz');
  await backupToFile(source.database, file);
  return { file, admin, agent, apiKey, sending: sending.id, scheduled: scheduled.id };
}

async function emptyTarget(): Promise<Target> {
  const target = onPostgres ? await emptyPostgres(TEST_DATABASE_URL as string) : await emptyPglite();
  cleanups.push(() => target.dispose());
  return target;
}

/** Messages by status, and those a gateway was handed (sent, delivered, or claimed for sending). */
async function messageStatuses(database: Database): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    database.db,
    sql`select status, count(*)::int as n from messages group by status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

const campaignRow = async (database: Database, id: string) =>
  (
    await queryRows<{ status: string; status_reason: unknown }>(
      database.db,
      sql`select status, status_reason from campaigns where id = ${id}`,
    )
  )[0];

describe(`a restored database holds sending (${onPostgres ? 'postgres' : 'pglite'})`, () => {
  it('sends nothing, campaigns and API messages alike, until an administrator resumes sending; then everything goes out', async () => {
    const backup = await busyBackup();
    const target = await emptyTarget();
    await restoreBackup(target.database, backup.file);
    // A start with the sending engine, as the embedded server or a worker does.
    const served = await serveOn(target, { engine: true });
    cleanups.push(() => served.close());
    const call = async (method: string, path: string, token: string, body?: unknown) => {
      const response = await fetch(`${served.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };

    // An API send is still accepted, and waits with the others.
    const accepted = await call('POST', '/api/v1/messages', backup.apiKey, { to: '+44 7400 900199', body: 'After the restore' });
    expect(accepted.status).toBe(202);

    // Past the scheduled campaign's time and several of the engine's idle rounds: nothing moved.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    // Campaign recipients may be written out meanwhile (the audience, materialised), but none is claimed or sent.
    expect(Object.keys(await messageStatuses(target.database))).toEqual(['queued']);
    const [oneOffs] = await queryRows<{ n: number }>(
      target.database.db,
      sql`select count(*)::int as n from messages where campaign_id is null and status = 'queued'`,
    );
    expect(oneOffs?.n).toBe(API_MESSAGES + 1);

    // Held, since the restore, and said so to every member of staff; each campaign records what it was.
    const hold = await call('GET', '/api/sending-hold', backup.agent.token);
    expect(hold.status).toBe(200);
    expect(hold.body).toMatchObject({ held: true, reason: 'restored' });
    expect(Date.parse(hold.body.since as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(await campaignRow(target.database, backup.sending)).toEqual({
      status: 'paused',
      status_reason: { code: 'RESTORED', params: { previous: 'sending' } },
    });
    expect(await campaignRow(target.database, backup.scheduled)).toEqual({
      status: 'paused',
      status_reason: { code: 'RESTORED', params: { previous: 'scheduled' } },
    });
    // Launching or resuming a campaign by hand would send behind the hold's back.
    const draft = await call('POST', '/api/campaigns', backup.admin.token, { name: 'During the hold', body: 'Hi' });
    expect((await call('POST', `/api/campaigns/${draft.body.campaign.id}/launch`, backup.admin.token)).body.code).toBe('SENDING_HELD');
    expect((await call('POST', `/api/campaigns/${backup.sending}/resume`, backup.admin.token)).status).toBe(409);

    // The one switch: administrators only, audited.
    expect((await call('POST', '/api/sending-hold/resume', backup.agent.token)).status).toBe(403);
    const resumed = await call('POST', '/api/sending-hold/resume', backup.admin.token);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body).toEqual({ held: false, since: null, reason: null, campaignsResumed: 2 });

    await waitFor(
      async () => {
        const statuses = await messageStatuses(target.database);
        const done = (statuses.delivered ?? 0) + (statuses.sent ?? 0);
        return done > 0 && Object.keys(statuses).every((status) => status === 'delivered' || status === 'sent') ? statuses : undefined;
      },
      60_000,
      'every message to go out after the resume',
    );
    for (const id of [backup.sending, backup.scheduled])
      await waitFor(async () => ((await campaignRow(target.database, id))?.status === 'completed' ? true : undefined), 30_000, 'completed');
    // Each campaign went to its whole audience (the seeded contacts, and those the API messages made).
    const perCampaign = await queryRows<{ done: number; total: number }>(
      target.database.db,
      sql`select count(*) filter (where status in ('sent', 'delivered'))::int as done, count(*)::int as total
            from messages where campaign_id is not null group by campaign_id`,
    );
    expect(perCampaign).toHaveLength(2);
    for (const { done, total } of perCampaign) {
      expect(done).toBe(total);
      expect(total).toBeGreaterThanOrEqual(CONTACTS);
    }
    const [audit] = await queryRows<{ action: string; details: Record<string, unknown> }>(
      target.database.db,
      sql`select action, details from audit_log where action like 'sending.%' order by id`,
    );
    expect(audit).toMatchObject({ action: 'sending.resume', details: { reason: 'restored', campaignsResumed: 2 } });
  });

  it('restored with resumeSending (npm run restore -- FILE --resume-sending): the copy goes on as the source was', async () => {
    const backup = await busyBackup();
    const target = await emptyTarget();
    await restoreBackup(target.database, backup.file, { resumeSending: true });
    expect((await campaignRow(target.database, backup.sending))?.status).toBe('sending');
    expect((await campaignRow(target.database, backup.scheduled))?.status).toBe('scheduled');
    const [setting] = await queryRows<{ n: number }>(
      target.database.db,
      sql`select count(*)::int as n from app_settings where key = 'sending_hold'`,
    );
    expect(setting?.n).toBe(0);
  });
});
