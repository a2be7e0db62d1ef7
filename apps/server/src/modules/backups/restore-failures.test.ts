import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { openDatabase } from '../../db/open.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { onPostgres, startTestServer, type TestServer } from '../../../test/helper.ts';
import { scratchDir } from '../../../test/scratch-dir.ts';
import { startTcpProxy } from '../../../test/tcp-proxy.ts';
import { mountTinyFilesystem } from '../../../test/tiny-filesystem.ts';
import { emptyPglite, emptyPostgres, type Target } from '../../../test/backup-fixtures.ts';
import { backupToFile } from './backup-commands.ts';
import { isEmptyDatabase, restoreBackup } from './restore.ts';

// Issue 33, item 7: a restore first reads the whole file, then loads it so that a failure midway
// (a truncated file, a full disk, a lost connection) leaves the target exactly as it found it, with
// a message naming the cause; a retry needs no --force.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const run = promisify(execFile);
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const kind = onPostgres ? 'postgres' : 'pglite';
async function emptyTarget(): Promise<Target> {
  const target = onPostgres ? await emptyPostgres(TEST_DATABASE_URL as string) : await emptyPglite();
  cleanups.push(() => target.dispose());
  return target;
}

let source: { server: TestServer; file: string } | undefined;
/** One source server and its backup for the file (a few thousand contacts). */
async function backupFile(contacts = 3_000): Promise<string> {
  if (source && contacts === 3_000) return source.file;
  const server = await startTestServer();
  await seedContacts(server, contacts);
  const file = join(scratchDir('sms-backup-'), 'whole.sms.gz');
  await backupToFile(server.database, file);
  await server.close();
  if (contacts === 3_000) source = { server, file };
  return file;
}

/** The file cut short at `fraction` of its bytes, as a copy interrupted midway leaves it. */
function truncated(file: string, fraction = 0.6): string {
  const bytes = readFileSync(file);
  const out = join(scratchDir('sms-backup-'), 'truncated.sms.gz');
  writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return out;
}

/** The file as a newer product would have written it (a schema version this one does not know). */
function fromNewerSchema(file: string): string {
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  const out = join(scratchDir('sms-backup-'), 'newer.sms.gz');
  writeFileSync(out, gzipSync(text.replace(/"schemaVersion":"[^"]+"/, '"schemaVersion":"9999_from_the_future"')));
  return out;
}

/** Nothing of the product in the database: no table in public, no migration recorded. */
async function untouched(database: Database): Promise<void> {
  expect(await isEmptyDatabase(database)).toBe(true);
  const [schemas] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_namespace where nspname in ('drizzle', 'pgboss')`,
  );
  expect(schemas?.n).toBe(0);
}

const restoreCli = (args: string[], env: Record<string, string>) =>
  run(join(REPO_ROOT, 'node_modules/.bin/node'), [join(REPO_ROOT, 'apps/server/src/restore.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    cwd: REPO_ROOT,
  });
const failureOf = (running: Promise<unknown>) =>
  running.then(
    () => {
      throw new Error('the command succeeded');
    },
    (error: { code: number; stderr: string }) => error,
  );

describe(`a restore that cannot complete, on ${kind}`, () => {
  it('a truncated file is refused before the target is touched, saying so; a retry with the whole file needs no --force', async () => {
    const whole = await backupFile();
    const target = await emptyTarget();
    const refused = await restoreBackup(target.database, truncated(whole)).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(refused?.message).toMatch(/^The backup file is truncated/);
    expect(refused?.message).not.toMatch(/unexpected end of file|cannot drop active portal/);
    await untouched(target.database);
    await restoreBackup(target.database, whole);
    const [contacts] = await queryRows<{ n: number }>(target.database.db, sql`select count(*)::int as n from contacts`);
    expect(contacts?.n).toBe(3_000);
  });

  it('a backup of a newer schema is refused before the target is touched', async () => {
    const target = await emptyTarget();
    await expect(restoreBackup(target.database, fromNewerSchema(await backupFile()))).rejects.toThrow(/newer than this product/);
    await untouched(target.database);
  });

  it('npm run restore of a truncated file, then of a newer one, leaves the target empty; the whole file then restores without --force', async () => {
    const whole = await backupFile();
    const env: Record<string, string> = {};
    let target: Target | undefined;
    if (onPostgres) {
      target = await emptyTarget();
      env.DATABASE_URL = target.url as string;
    } else env.DATA_DIR = scratchDir('sms-restore-cli-');

    const cut = await failureOf(restoreCli([truncated(whole)], env));
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain('Restore failed: The backup file is truncated');
    expect(cut.stderr).not.toMatch(/unexpected end of file|cannot drop active portal|\n\s+at /);
    const newer = await failureOf(restoreCli([fromNewerSchema(whole)], env));
    expect(newer.stderr).toContain('newer than this product');
    if (target) await untouched(target.database);
    else expect(readdirSync(env.DATA_DIR as string)).toEqual([]);

    const restored = await restoreCli([whole], env);
    expect(restored.stdout).toMatch(/Restored \d+ rows/);
    expect(restored.stdout).toContain('Sending is on hold');
  });

  it('npm run restore --force of a truncated file keeps the database it would have replaced, row for row', async () => {
    const whole = await backupFile();
    const env: Record<string, string> = {};
    let database: () => Promise<Database>;
    if (onPostgres) {
      const target = await emptyTarget();
      env.DATABASE_URL = target.url as string;
      database = async () => target.database;
    } else {
      env.DATA_DIR = scratchDir('sms-restore-cli-');
      database = async () => {
        const opened = await openDatabase({ pgliteDir: join(env.DATA_DIR as string, 'pglite') });
        cleanups.push(() => opened.close());
        return opened;
      };
    }
    await restoreCli([whole], env);
    const replaced = await failureOf(restoreCli([truncated(whole), '--force'], env));
    expect(replaced.stderr).toContain('Restore failed: The backup file is truncated');
    const kept = await database();
    const [contacts] = await queryRows<{ n: number }>(kept.db, sql`select count(*)::int as n from contacts`);
    expect(contacts?.n).toBe(3_000);
  });
});

describe.skipIf(!onPostgres)('a restore whose database connection is cut midway (PostgreSQL)', () => {
  it('rolls everything back: "The database connection was lost", the target empty, the process alive; a retry needs no --force', async () => {
    const whole = await backupFile(200_000);
    const target = await emptyTarget();
    const url = new URL(target.url as string);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    cleanups.push(() => proxy.close());
    url.host = `127.0.0.1:${proxy.port}`;
    const proxied = await openDatabase({ databaseUrl: url.toString() });
    cleanups.push(() => proxied.close());

    const restoring = restoreBackup(proxied, whole).then(
      () => undefined,
      (error: Error) => error,
    );
    // Cut while rows are being loaded (a COPY into the target is running).
    const watcher = new pg.Client({ connectionString: target.url });
    await watcher.connect();
    cleanups.push(() => watcher.end());
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await watcher.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'copy %from stdin%' and pid <> pg_backend_pid()`,
      );
      if (rows[0].n > 0) break;
      if (Date.now() > deadline) throw new Error('the restore never started loading');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    proxy.cut();
    const failed = await restoring;
    expect(failed?.message).toMatch(/^The database connection was lost/);
    expect(failed?.message).not.toMatch(/cannot drop active portal/);
    // The server rolls the transaction back when its connection goes.
    await expect
      .poll(
        async () => (await watcher.query(`select count(*)::int as n from pg_stat_activity where datname = current_database()`)).rows[0].n,
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    await untouched(target.database);
    await restoreBackup(proxied, whole);
    const [contacts] = await queryRows<{ n: number }>(target.database.db, sql`select count(*)::int as n from contacts`);
    expect(contacts?.n).toBe(200_000);
  });
});

describe.skipIf(onPostgres)('a restore onto a full disk (embedded)', () => {
  it(
    'npm run restore: "The disk is full", DATA_DIR left as it was; once there is room the retry needs no --force',
    { timeout: 300_000 },
    async ({ skip }) => {
      const tiny = mountTinyFilesystem('256m');
      if (!tiny) return skip('mounting a tmpfs is refused here');
      cleanups.push(() => tiny.unmount());
      const server = await startTestServer();
      cleanups.push(() => server.close());
      await seedContacts(server, 200_000);
      const whole = join(scratchDir('sms-backup-'), 'large.sms.gz');
      await backupToFile(server.database, whole);
      // Room for a new embedded database with its schema (about 41 MB), not for 200,000 contacts too.
      tiny.leaveFree(52 * 1024 * 1024);
      const dataDir = join(tiny.dir, 'data');
      const full = await failureOf(restoreCli([whole], { DATA_DIR: dataDir }));
      expect(full.stderr).toContain('Restore failed: The disk is full');
      // DATA_DIR did not exist: it still does not.
      expect(existsSync(dataDir)).toBe(false);

      rmSync(join(tiny.dir, 'filler'));
      const restored = await restoreCli([whole], { DATA_DIR: dataDir });
      expect(restored.stdout).toMatch(/Restored \d+ rows/);
    },
  );
});
