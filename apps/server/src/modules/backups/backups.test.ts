import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { onPostgres, startTestServer, type TestServer } from '../../../test/helper.ts';
import { scratchDir } from '../../../test/scratch-dir.ts';
import { upload } from '../../../test/upload.ts';
import { emptyPglite, emptyPostgres, fingerprint, serveOn, type Target } from '../../../test/backup-fixtures.ts';
import { backupToFile } from './backup-commands.ts';
import { restoreBackup, RestoreRefused } from './restore.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const PASSWORD = 'Old-Password-77';
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const emptyTarget = (kind: 'pglite' | 'postgres'): Promise<Target> =>
  kind === 'postgres' ? emptyPostgres(TEST_DATABASE_URL as string) : emptyPglite();

/** A server with something in every part that matters: users, contacts, a campaign's messages and replies, a logo. */
async function populatedServer(): Promise<{ server: TestServer; email: string; logoPath: string }> {
  const server = await startTestServer();
  cleanups.push(() => server.close());
  const admin = await server.createUser('admin', { password: PASSWORD });
  await seedContacts(server, 300);
  await server.database.db.execute(
    sql`update contacts set email = 'p' || id || '@example.test', custom_fields = '{"city":"Tunis\\tnord\\\\x"}' where phone like '%1'`,
  );
  const [campaign] = await queryRows<{ id: string }>(
    server.database.db,
    sql`insert into campaigns (name, body, audience, status, launched_at, audience_ready_at, completed_at)
        values ('Backed up', 'Hello {first_name}', '{"type":"all"}', 'completed', now(), now(), now()) returning id`,
  );
  await server.database.db.execute(sql`insert into messages (campaign_id, contact_id, phone, body, status, queued_at, sent_at)
    select ${campaign?.id}, id, phone, 'Hello ' || first_name || E'\n\\ line two', 'sent', now(), now() from contacts`);
  await server.database.db.execute(sql`update messages set replied_at = now(), reply_text = 'YES', reply_word = 'YES' where id % 10 = 0`);
  const logo = await upload<{ logoPath: string }>(server, '/api/brand-settings/logo', {
    token: admin.token,
    files: [
      {
        field: 'logo',
        bytes: await sharp({ create: { width: 40, height: 20, channels: 4, background: '#123456' } })
          .png()
          .toBuffer(),
        filename: 'logo.png',
        type: 'image/png',
      },
    ],
  });
  expect(logo.status).toBe(200);
  return { server, email: admin.user.email, logoPath: logo.body.logoPath };
}

async function backupOf(server: TestServer): Promise<string> {
  const file = join(scratchDir('sms-backup-'), 'backup.sms.gz');
  await backupToFile(server.database, file);
  return file;
}

async function restoreInto(kind: 'pglite' | 'postgres', file: string): Promise<Target> {
  const target = await emptyTarget(kind);
  cleanups.push(() => target.dispose());
  // A copy equal row for row: without the sending hold a restore otherwise adds (restore-holds-sending.test.ts).
  await restoreBackup(target.database, file, { resumeSending: true });
  return target;
}

const kinds: Array<'pglite' | 'postgres'> = onPostgres ? ['postgres'] : ['pglite'];

describe.each(kinds)('backup and restore on %s', (kind) => {
  it('backup -> wipe -> restore: every table equal row for row, the old password signs in, the logo is served', async () => {
    const { server, email, logoPath } = await populatedServer();
    const before = await fingerprint(server.database);
    const file = await backupOf(server);
    await server.close();
    cleanups.pop();

    const target = await restoreInto(kind, file);
    expect(await fingerprint(target.database)).toEqual(before);
    expect(before.contacts?.rows).toBe(300);
    expect(before.messages?.rows).toBe(300);

    const served = await serveOn(target);
    cleanups.push(() => served.close());
    const login = await fetch(`${served.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const asset = await fetch(`${served.baseUrl}${logoPath}`);
    expect(asset.status).toBe(200);
    expect((await sharp(Buffer.from(await asset.arrayBuffer())).metadata()).width).toBe(40);
  });

  it('restored ids continue after the restored ones (sequences moved past them)', async () => {
    const { server } = await populatedServer();
    const file = await backupOf(server);
    const target = await restoreInto(kind, file);
    const rows = await queryRows<{ id: string; previous: string }>(
      target.database.db,
      sql`insert into audit_log (action, subject) values ('test.after_restore', 'test') returning id, (select max(id) from audit_log) as previous`,
    );
    expect(Number(rows[0]?.id)).toBeGreaterThan(Number(rows[0]?.previous));
  });

  it('refuses a target that is not empty, and a file that is not a backup', async () => {
    const { server } = await populatedServer();
    const file = await backupOf(server);
    await expect(restoreBackup(server.database, file)).rejects.toThrow(RestoreRefused);
    const target = await emptyTarget(kind);
    cleanups.push(() => target.dispose());
    await expect(restoreBackup(target.database, fileURLToPath(import.meta.url))).rejects.toThrow(RestoreRefused);
  });
});

describe('moving between the embedded database and PostgreSQL', () => {
  it.skipIf(!TEST_DATABASE_URL)(
    'embedded -> PostgreSQL -> embedded keeps every row (needs TEST_DATABASE_URL)',
    { timeout: 300_000 },
    async () => {
      const { server } = await populatedServer();
      const original = await fingerprint(server.database);
      const embedded = await restoreInto('pglite', await backupOf(server));
      const fromEmbedded = join(scratchDir('sms-backup-'), 'from-embedded.sms.gz');
      await backupToFile(embedded.database, fromEmbedded);
      const onPostgres = await restoreInto('postgres', fromEmbedded);
      expect(await fingerprint(onPostgres.database)).toEqual(original);
      const fromPostgres = join(scratchDir('sms-backup-'), 'from-postgres.sms.gz');
      await backupToFile(onPostgres.database, fromPostgres);
      const back = await restoreInto('pglite', fromPostgres);
      expect(await fingerprint(back.database)).toEqual(original);
    },
  );
});
