import { execFile } from 'node:child_process';
import { chownSync, createWriteStream, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { openDatabase } from '../../db/open.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { onPostgres, startTestServer, type TestServer } from '../../../test/helper.ts';
import { scratchDir } from '../../../test/scratch-dir.ts';
import { startTcpProxy } from '../../../test/tcp-proxy.ts';
import { mountTinyFilesystem, type TinyFilesystem } from '../../../test/tiny-filesystem.ts';
import { emptyPglite, serveOn } from '../../../test/backup-fixtures.ts';
import { backupToFile } from './backup-commands.ts';
import { newBackupToken, publishBackupEndpoint } from './backup-endpoint.ts';
import { writeBackup } from './backup-writer.ts';
import { runLifecycleOnce } from './lifecycle-jobs.ts';
import { restoreBackup } from './restore.ts';
import { backUpNow } from './scheduled-backups.ts';

// Issue 33, item 7: a backup that hits a full disk, a folder it may not write, or a lost database
// connection fails cleanly: the partial file goes, backup.failed is audited with the reason, and
// the process (the API and the sending engine, in the embedded default) lives on.

const run = promisify(execFile);
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A tmpfs with `free` bytes left, or the test skips itself (mounting refused here). */
function fullDisk(skip: (note: string) => void, free = 16 * 1024): TinyFilesystem {
  const tiny = mountTinyFilesystem('4m');
  if (!tiny) {
    skip('mounting a tmpfs is refused here: the failing-stream test below covers the disk-full path');
    throw new Error('skipped');
  }
  cleanups.push(() => tiny.unmount());
  tiny.leaveFree(free);
  return tiny;
}

/** A server whose backup is larger than the space left on the tiny disk. */
async function serverWithData(config: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(config);
  cleanups.push(() => server.close());
  await seedContacts(server, 20_000);
  return server;
}

const backupAudits = (database: Database) =>
  queryRows<{ action: string; details: { error: string | null } }>(
    database.db,
    sql`select action, details from audit_log where action like 'backup.%' order by id`,
  );

/** Files left in a folder, the filler of the tiny disk aside. */
const leftIn = (dir: string) => readdirSync(dir).filter((name) => name !== 'filler');

/** `npm run backup` as a separate process (optionally as another user). */
const backupCli = (args: string[], env: Record<string, string>, user?: number) =>
  run(join(REPO_ROOT, 'node_modules/.bin/node'), [join(REPO_ROOT, 'apps/server/src/backup.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    cwd: REPO_ROOT,
    ...(user === undefined ? {} : { uid: user, gid: user }),
  });

/** The database the CLI backs up directly: the server's PostgreSQL database, or a closed embedded DATA_DIR copied from it. */
async function directTarget(server: TestServer): Promise<{ env: Record<string, string>; database: () => Promise<Database> }> {
  if (onPostgres) {
    const url = server.config.databaseUrl as string;
    return { env: { DATABASE_URL: url }, database: async () => server.database };
  }
  const file = join(scratchDir('sms-backup-'), 'seed.sms.gz');
  await backupToFile(server.database, file);
  const copy = await emptyPglite();
  await restoreBackup(copy.database, file);
  await copy.database.close();
  return {
    env: { DATA_DIR: copy.dataDir },
    database: async () => {
      const opened = await openDatabase({ pgliteDir: join(copy.dataDir, 'pglite') });
      cleanups.push(() => opened.close());
      return opened;
    },
  };
}

describe('a backup onto a full disk', () => {
  it('"Back up now": answers the failure ("The disk is full"), leaves no partial file, audits backup.failed; the server lives on', async ({
    skip,
  }) => {
    const tiny = fullDisk(skip);
    const server = await serverWithData({ config: { backupDir: tiny.dir } });
    const admin = await server.createAdmin();
    const result = await server.post('/api/backups', undefined, { token: admin.token });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ ok: false, file: null });
    expect(result.body.error).toMatch(/^The disk is full/);
    expect(leftIn(tiny.dir)).toEqual([]);
    const audits = await backupAudits(server.database);
    expect(audits.map((entry) => entry.action)).toEqual(['backup.failed']);
    expect(audits[0]?.details.error).toMatch(/^The disk is full/);
    // The process is alive and its database usable: the next request works, and so does a backup elsewhere.
    expect((await server.get('/api/backups', { token: admin.token })).body.lastResult).toMatchObject({ ok: false });
    expect((await backUpNow(server.database, scratchDir('sms-backup-'), null)).ok).toBe(true);
  });

  it('a scheduled backup: recorded and audited as failed with the reason, the partial file removed', async ({ skip }) => {
    const tiny = fullDisk(skip);
    const server = await serverWithData();
    const admin = await server.createAdmin();
    await server.put('/api/backups/schedule', { enabled: true, hour: 0, keep: 3 }, { token: admin.token });
    const logged: unknown[] = [];
    await runLifecycleOnce(server.database, tiny.dir, { error: (details) => logged.push(details) });
    const status = await server.get('/api/backups', { token: admin.token });
    expect(status.body.lastResult).toMatchObject({ ok: false });
    expect(status.body.lastResult.error).toMatch(/^The disk is full/);
    expect(leftIn(tiny.dir)).toEqual([]);
    expect((await backupAudits(server.database)).map((entry) => entry.action)).toEqual(['backup.schedule', 'backup.failed']);
    expect(logged).toHaveLength(1);
  });

  it('npm run backup straight from the database: exits 1 naming the cause, removes its partial file, audits backup.failed', async ({
    skip,
  }) => {
    const tiny = fullDisk(skip);
    const server = await serverWithData();
    const target = await directTarget(server);
    const out = join(tiny.dir, 'direct.sms.gz');
    const failed = await backupCli(['--out', out], target.env).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('Backup failed: The disk is full');
    expect(failed?.stderr).not.toMatch(/\n\s+at /);
    expect(leftIn(tiny.dir)).toEqual([]);
    const audits = await backupAudits(await target.database());
    expect(audits.map((entry) => entry.action)).toEqual(['backup.failed']);
    expect(audits[0]?.details.error).toMatch(/^The disk is full/);
  });

  it.skipIf(onPostgres)(
    'npm run backup through the running embedded server: exits 1, the server audits backup.failed and keeps serving',
    async ({ skip }) => {
      const tiny = fullDisk(skip);
      const source = await serverWithData();
      const file = join(scratchDir('sms-backup-'), 'seed.sms.gz');
      await backupToFile(source.database, file);
      const running = await emptyPglite();
      cleanups.push(() => running.dispose());
      await restoreBackup(running.database, file);
      const token = newBackupToken();
      const served = await serveOn(running, { backupToken: token });
      cleanups.push(() => served.close());
      const unpublish = publishBackupEndpoint(running.dataDir, { url: served.baseUrl, token });
      cleanups.push(unpublish);

      const failed = await backupCli(['--out', join(tiny.dir, 'live.sms.gz')], { DATA_DIR: running.dataDir }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('Backup failed: The disk is full');
      expect(leftIn(tiny.dir)).toEqual([]);
      const audits = await backupAudits(running.database);
      expect(audits.map((entry) => entry.action)).toEqual(['backup.failed']);
      expect(audits[0]?.details.error).toMatch(/^The disk is full/);
      expect((await fetch(`${served.baseUrl}/api/health`)).status).toBe(200);
    },
  );

  it('a backup into a stream that fails with ENOSPC (/dev/full): rejects naming the cause, nothing left unhandled', async () => {
    const server = await serverWithData();
    await expect(writeBackup(server.database, createWriteStream('/dev/full'))).rejects.toThrow(/^The disk is full/);
    // The database is free again: the snapshot transaction ended.
    expect(await queryRows(server.database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});

describe('a backup without permission to write', () => {
  it('npm run backup as a user who may not write the folder (EACCES): exits 1 naming it, audits backup.failed', async () => {
    const server = await serverWithData();
    const target = await directTarget(server);
    const NOBODY = 65534;
    // The embedded database's folder must be the user's own (PGlite locks and writes it).
    if (target.env.DATA_DIR) chownTree(target.env.DATA_DIR, NOBODY);
    const closed = scratchDir('sms-backup-closed-');
    mkdirSync(join(closed, 'backups'), { mode: 0o755 });
    const failed = await backupCli(['--out', join(closed, 'backups', 'denied.sms.gz')], target.env, NOBODY).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('Backup failed: No permission to write');
    expect(readdirSync(join(closed, 'backups'))).toEqual([]);
    const audits = await backupAudits(await target.database());
    expect(audits.map((entry) => entry.action)).toEqual(['backup.failed']);
    expect(audits[0]?.details.error).toMatch(/^No permission to write/);
  });
});

describe.skipIf(!onPostgres)('a backup that loses its database connection (PostgreSQL)', () => {
  it('fails with "The database connection was lost", removes its partial file, audits once the database answers; the process lives', async () => {
    const server = await serverWithData();
    await seedContacts(server, 200_000, { offset: 100_000 });
    const url = new URL(server.config.databaseUrl as string);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    cleanups.push(() => proxy.close());
    url.host = `127.0.0.1:${proxy.port}`;
    const proxied = await openDatabase({ databaseUrl: url.toString() });
    cleanups.push(() => proxied.close());
    const dir = scratchDir('sms-backup-');

    const backup = backUpNow(proxied, dir, null);
    // Cut once the file is being written: the COPY is under way.
    const deadline = Date.now() + 30_000;
    while (!readdirSync(dir).some((name) => name.endsWith('.partial') && statSync(join(dir, name)).size > 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    proxy.cut();
    const result = await backup;
    expect(result).toMatchObject({ ok: false, file: null });
    expect(result.error).toMatch(/^The database connection was lost/);
    expect(readdirSync(dir)).toEqual([]);
    const audits = await backupAudits(server.database);
    expect(audits.map((entry) => entry.action)).toEqual(['backup.failed']);
    expect(audits[0]?.details.error).toMatch(/^The database connection was lost/);
  });
});

function chownTree(path: string, user: number): void {
  chownSync(path, user, user);
  if (!statSync(path).isDirectory()) return;
  for (const name of readdirSync(path)) chownTree(join(path, name), user);
}
