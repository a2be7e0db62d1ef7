import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupResult, BackupsStatus } from '@sms/contracts/data-lifecycle';
import { queryRows } from '../../db/client.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { scratchDir } from '../../../test/scratch-dir.ts';
import { decryptedBackupText, emptyPglite, emptyPostgres, type Target } from '../../../test/backup-fixtures.ts';
import { ENCRYPTED_MAGIC } from './backup-crypto.ts';
import { runLifecycleOnce } from './lifecycle-jobs.ts';
import { readBackupEncryption, saveBackupPassphrase } from './lifecycle-settings.ts';
import { backupKeyOf, restoreBackup } from './restore.ts';
import { backUpNow, PASSPHRASE_MISSING } from './scheduled-backups.ts';

// Issue 34: scheduled backups, "Back up now" and "Download latest" are encrypted with a passphrase
// an administrator sets in Configurations -> Maintenance. The schedule must be able to use it, so it
// is kept in the settings; it is never returned by the API, never audited, and never written into
// a backup (a restored installation asks for it again).

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const PASSPHRASE = 'Tr0ub4dor & 3 purple elephants';

let server: TestServer;
let admin: TestAccount;
let directory: string;
const cleanups: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  directory = join(scratchDir('sms-backups-'), 'backups');
  server = await startTestServer({ config: { backupDir: directory } });
  admin = await server.createAdmin();
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await server.close();
});

const isEncrypted = (file: string) => readFileSync(file).subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC);
const setPassphrase = (passphrase: string | null, token = admin.token) =>
  server.put<BackupsStatus>('/api/backups/passphrase', { passphrase }, { token });

describe('the passphrase of encrypted backups', () => {
  it('is for administrators only, and at least 12 characters', async () => {
    const manager = await server.createUser('manager');
    expect((await server.put('/api/backups/passphrase', { passphrase: PASSPHRASE })).status).toBe(401);
    expect((await setPassphrase(PASSPHRASE, manager.token)).status).toBe(403);
    const short = await setPassphrase('eleven char');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('at least 12 characters');
    expect((await server.get<BackupsStatus>('/api/backups', { token: admin.token })).body.encryption).toEqual({
      state: 'off',
      setAt: null,
    });
  });

  it('encrypts "Back up now", scheduled backups and the latest file’s download; it is not inside the backup, nor in any answer or audit entry', async () => {
    // A backup taken before the passphrase: plain.
    const plain = await server.post<BackupResult>('/api/backups', undefined, { token: admin.token });
    expect(plain.body).toMatchObject({ ok: true, encrypted: false, file: expect.stringMatching(/\.sms\.gz$/) });

    const set = await setPassphrase(PASSPHRASE);
    expect(set.status).toBe(200);
    expect(set.body.encryption).toMatchObject({ state: 'on', setAt: expect.any(String) });
    expect(JSON.stringify(set.body)).not.toContain(PASSPHRASE);

    // That older plain file leaves encrypted while backups are encrypted.
    const download = await fetch(`${server.baseUrl}/api/backups/latest`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('.sms.gz.enc"');
    const downloaded = join(scratchDir('sms-download-'), 'latest.sms.gz.enc');
    writeFileSync(downloaded, Buffer.from(await download.arrayBuffer()));
    expect(isEncrypted(downloaded)).toBe(true);
    expect(await decryptedBackupText(downloaded, PASSPHRASE)).toMatch(/^SMS-PLATFORM-BACKUP 1\n/);

    const now = await server.post<BackupResult>('/api/backups', undefined, { token: admin.token });
    expect(now.body).toMatchObject({ ok: true, encrypted: true, file: expect.stringMatching(/^backup-.*\.sms\.gz\.enc$/) });
    // The schedule, due at hour 0 and not run today.
    await server.put('/api/backups/schedule', { enabled: true, hour: 0, keep: 5 }, { token: admin.token });
    await server.database.db.execute(sql`update app_settings set value = jsonb_set(value, '{lastResult}', 'null') where key = 'backups'`);
    await runLifecycleOnce(server.database, directory, { error: () => {} });
    const status = await server.get<BackupsStatus>('/api/backups', { token: admin.token });
    expect(status.body.lastResult).toMatchObject({ ok: true, encrypted: true });
    expect(status.body.files.map((file) => file.encrypted)).toEqual([true, true, false]);
    expect(JSON.stringify(status.body)).not.toContain(PASSPHRASE);

    const scheduled = join(directory, status.body.lastResult?.file as string);
    expect(isEncrypted(scheduled)).toBe(true);
    const text = await decryptedBackupText(scheduled, PASSPHRASE);
    expect(text).toContain(server.jwtSecret);
    expect(text).not.toContain(PASSPHRASE);
    expect(text).not.toContain('backup_passphrase');
    // The setting's row is left out of the file, and out of the row counts its END line checks.
    const [settings] = await queryRows<{ rows: number }>(server.database.db, sql`select count(*)::int as rows from app_settings`);
    expect(text).toMatch(new RegExp(`"app_settings":${(settings?.rows ?? 0) - 1}[,}]`));

    const audits = await queryRows<{ action: string; details: unknown }>(
      server.database.db,
      sql`select action, details from audit_log where action like 'backup.%' order by id`,
    );
    expect(audits.filter((entry) => entry.action === 'backup.passphrase').map((entry) => entry.details)).toEqual([{ encrypted: true }]);
    expect(JSON.stringify(audits)).not.toContain(PASSPHRASE);
    expect(audits.find((entry) => entry.action === 'backup.download')?.details).toMatchObject({ encrypted: true });
  });

  it('a restored installation has no passphrase: its backups fail, saying so, until it is set again', async () => {
    const [latest] = readdirSync(directory)
      .filter((name) => name.endsWith('.enc'))
      .sort()
      .reverse();
    const file = join(directory, latest as string);
    const target: Target = TEST_DATABASE_URL ? await emptyPostgres(TEST_DATABASE_URL) : await emptyPglite();
    cleanups.push(() => target.dispose());
    await restoreBackup(target.database, file, { resumeSending: true, key: await backupKeyOf(file, async () => PASSPHRASE) });

    const elsewhere = join(scratchDir('sms-backups-'), 'backups');
    const failed = await backUpNow(target.database, elsewhere, null);
    expect(failed).toMatchObject({ ok: false, file: null, error: PASSPHRASE_MISSING });
    expect(() => readdirSync(elsewhere)).toThrow();
    expect(await readBackupEncryption(target.database.db)).toMatchObject({ state: 'missing' });

    await saveBackupPassphrase(target.database.db, 'a new passphrase for the copy');
    const again = await backUpNow(target.database, elsewhere, null);
    expect(again).toMatchObject({ ok: true, encrypted: true });
    expect(isEncrypted(join(elsewhere, again.file as string))).toBe(true);
  });

  it('removed (null): backups are plain again', async () => {
    const off = await setPassphrase(null);
    expect(off.body.encryption).toEqual({ state: 'off', setAt: null });
    const plain = await server.post<BackupResult>('/api/backups', undefined, { token: admin.token });
    expect(plain.body).toMatchObject({ ok: true, encrypted: false });
    expect(isEncrypted(join(directory, plain.body.file as string))).toBe(false);
  });
});
