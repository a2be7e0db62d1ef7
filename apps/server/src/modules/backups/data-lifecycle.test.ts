import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';
import { runLifecycleOnce } from './lifecycle-jobs.ts';
import { applyRetention } from './retention.ts';
import { scheduledBackupDue } from './scheduled-backups.ts';

let server: TestServer;
let admin: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
});
afterAll(() => server?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(server.database.db, query);

describe('retention', () => {
  it('clears old message texts in batches (statuses and campaign counts stay), old audit entries past the minimum, old error files', async () => {
    await seedContacts(server, 40, { offset: 5000 });
    const [campaign] = await rows<{ id: string }>(
      sql`insert into campaigns (name, body, audience, status, launched_at, audience_ready_at, completed_at)
          values ('Old', 'Hi', '{"type":"all"}', 'completed', now(), now(), now()) returning id`,
    );
    await server.database.db
      .execute(sql`insert into messages (campaign_id, contact_id, phone, body, status, queued_at, sent_at, delivered_at, replied_at, reply_text, reply_word)
      select ${campaign!.id}, id, phone, 'Old text', 'delivered', now() - interval '40 days', now(), now(), now(), 'Thanks', 'THANKS' from contacts where phone like '+4477000050%'`);
    const countsBefore = (await server.get(`/api/campaigns/${campaign!.id}`, { token: admin.token })).body.campaign;
    await server.database.db.execute(
      sql`insert into audit_log (at, action, subject) values (now() - interval '100 days', 'old.entry', 'Test'), (now() - interval '50 days', 'recent.entry', 'Test')`,
    );

    const put = await server.put(
      '/api/settings/retention',
      { messageBodyDays: 30, importFileDays: 30, auditLogDays: 90 },
      { token: admin.token },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(
      (await server.put('/api/settings/retention', { messageBodyDays: 30, importFileDays: null, auditLogDays: 30 }, { token: admin.token }))
        .body,
    ).toMatchObject({ field: 'auditLogDays' });

    const outcome = await applyRetention(server.database.db, put.body, 7);
    expect(outcome.messageBodies).toBe(40);
    expect(outcome.auditEntries).toBe(1);
    const [left] = await rows<{ texts: number; delivered: number }>(
      sql`select count(*) filter (where body is not null or reply_text is not null)::int as texts, count(*) filter (where status = 'delivered' and reply_word = 'THANKS')::int as delivered
          from messages where campaign_id = ${campaign!.id}`,
    );
    expect(left).toEqual({ texts: 0, delivered: 40 });
    expect((await server.get(`/api/campaigns/${campaign!.id}`, { token: admin.token })).body.campaign.counts).toEqual(countsBefore.counts);
    const actions = (await rows<{ action: string }>(sql`select action from audit_log where subject = 'Test'`)).map((row) => row.action);
    expect(actions).toEqual(['recent.entry']);
  });

  it('is for administrators only', async () => {
    const manager = await server.createUser('manager');
    expect((await server.get('/api/settings/retention', { token: manager.token })).status).toBe(403);
    expect((await server.post('/api/backups', undefined, { token: manager.token })).status).toBe(403);
    expect((await server.get('/api/backups/latest', { token: manager.token })).status).toBe(403);
  });
});

describe('scheduled backups', () => {
  it('back up now, keep the last N, download the latest (audited); the schedule runs once a day at its hour', async () => {
    expect((await server.get('/api/backups/latest', { token: admin.token })).status).toBe(404);
    const schedule = await server.put('/api/backups/schedule', { enabled: true, hour: 0, keep: 2 }, { token: admin.token });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
    for (let round = 0; round < 3; round++) {
      const result = await server.post('/api/backups', undefined, { token: admin.token });
      expect(result.body).toMatchObject({ ok: true, error: null });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const status = await server.get('/api/backups', { token: admin.token });
    expect(status.body.files).toHaveLength(2);
    expect(status.body.lastResult).toMatchObject({ ok: true, file: status.body.files[0].name });

    const download = await fetch(`${server.baseUrl}/api/backups/latest`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const actions = (await rows<{ action: string }>(sql`select action from audit_log where action like 'backup.%' order by id`)).map(
      (row) => row.action,
    );
    expect(actions).toEqual(['backup.schedule', 'backup.create', 'backup.create', 'backup.create', 'backup.download']);

    // Taken today after the hour: not due again until tomorrow's hour.
    expect(await scheduledBackupDue(server.database.db)).toBe(false);
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(0, 30);
    expect(await scheduledBackupDue(server.database.db, tomorrow)).toBe(true);
  });

  it('a failed scheduled backup is recorded and audited', async () => {
    await server.database.db.execute(sql`update app_settings set value = jsonb_set(value, '{lastResult}', 'null') where key = 'backups'`);
    // A file where the folder should be: the backup cannot be written.
    await runLifecycleOnce(server.database, '/dev/null/backups', { error: () => {} });
    const status = await server.get('/api/backups', { token: admin.token });
    expect(status.body.lastResult).toMatchObject({ ok: false });
    const [failed] = await rows<{ action: string }>(sql`select action from audit_log order by id desc limit 1`);
    expect(failed?.action).toBe('backup.failed');
  });
});
