import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { emptyPostgres } from './backup-fixtures.ts';
import { onPostgres } from './helper.ts';
import { call, firstAdminToken, startApiProcess, type ProductProcess } from './process-harness.ts';
import { scratchDir } from './scratch-dir.ts';

// Issue 34, M1: the embedded database's files were 0666 in 0755 folders, so any local user could
// read the write-ahead log (password hashes, the token signing secret) and forge an admin token.
// Now DATA_DIR and BACKUP_DIR are their owner's alone, and a server refuses to start on one that
// other users may read.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const NODE = join(REPO_ROOT, 'node_modules/.bin/node');
const entry = (name: string) => join(REPO_ROOT, `apps/server/src/${name}.ts`);
const run = promisify(execFile);

const running: ProductProcess[] = [];
afterEach(async () => {
  for (const product of running.splice(0)) await product.stop();
});

/** Every file and folder under `root` (itself included) whose mode gives group or others anything. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const visit = (path: string) => {
    const stats = statSync(path);
    if (stats.mode & 0o077) open.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return open;
}

/** Counts of files and folders under `root`, by kind and mode ("f600": 1000). */
function modes(root: string): Record<string, number> {
  const counts: Record<string, number> = {};
  const visit = (path: string) => {
    const stats = statSync(path);
    const key = `${stats.isDirectory() ? 'd' : 'f'}${(stats.mode & 0o777).toString(8)}`;
    counts[key] = (counts[key] ?? 0) + 1;
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return counts;
}

/**
 * Starts an entry point that should refuse to start: answers its exit code and output. One that
 * starts instead (it listens, or the worker says so) is stopped, and the test fails on its output.
 */
async function refusedStart(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(NODE, [entry(script)], {
    env: { ...process.env, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'warn', WEB_DIST: join(scratchDir('sms-no-web-'), 'none'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!/Listening on|Worker started/.test(output) && Date.now() < deadline) {
    const code = await Promise.race([exited, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 100))]);
    if (code !== 'waiting') return { code, output };
  }
  child.kill('SIGTERM');
  await exited;
  return { code: null, output: `it started instead of refusing:\n${output}` };
}

/** A folder with this mode, whatever the umask of the test process. */
function folder(path: string, mode: number): string {
  mkdirSync(path, { recursive: true });
  chmodSync(path, mode);
  return path;
}

describe('the embedded DATA_DIR after a real start', () => {
  it(
    'is the owner’s alone: every file 0600 or stricter and every folder 0700 (database, uploads, backups, endpoint)',
    {
      timeout: 300_000,
    },
    async () => {
      const dataDir = join(scratchDir('sms-modes-'), 'data');
      const server = await startApiProcess({ DATABASE_URL: '', DATA_DIR: dataDir, RUN_WORKER: 'true' });
      running.push(server);
      const token = await firstAdminToken(server.url);
      // An upload waiting for its import (DATA_DIR/uploads), a backup (DATA_DIR/backups), and one
      // by `npm run backup` through the running server, which writes it from another process.
      const form = new FormData();
      form.append('file', new Blob(['phone,first_name\n+447700900123,Ada\n'], { type: 'text/csv' }), 'people.csv');
      const uploaded = await fetch(`${server.url}/api/contacts/imports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(uploaded.status, await uploaded.text()).toBeLessThan(300);
      expect((await call(server.url, 'POST', '/api/backups', { token })).body).toMatchObject({ ok: true });
      await run(NODE, [entry('backup')], { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, cwd: REPO_ROOT });
      expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(['backup-endpoint.json', 'backups', 'pglite', 'uploads']));
      expect(openToOthers(dataDir)).toEqual([]);
      await server.stop();
      // And after the database was closed (checkpoint, caches written back).
      expect(openToOthers(dataDir), JSON.stringify(modes(dataDir))).toEqual([]);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    },
  );
});

describe('a server on folders other users may read', () => {
  it('refuses to start on an open DATA_DIR, naming the folder and the fix; starts once it is fixed', { timeout: 120_000 }, async () => {
    const dataDir = folder(join(scratchDir('sms-open-'), 'data'), 0o755);
    const refused = await refusedStart('main', { DATA_DIR: dataDir });
    expect(refused.output).toContain(
      `DATA_DIR ${dataDir} is readable by other users (mode 0755): run \`chmod 700 ${dataDir}\` (and \`chmod -R go-rwx ${dataDir}\`), or point DATA_DIR elsewhere.`,
    );
    expect(refused.code).toBe(1);
    // Nothing was created in it.
    expect(readdirSync(dataDir)).toEqual([]);

    chmodSync(dataDir, 0o700);
    running.push(await startApiProcess({ DATABASE_URL: '', DATA_DIR: dataDir }));
  });

  it(
    'refuses an existing embedded database folder open to others (an installation upgrading), and a group-readable one',
    {
      timeout: 120_000,
    },
    async () => {
      const dataDir = folder(join(scratchDir('sms-open-'), 'data'), 0o700);
      const database = folder(join(dataDir, 'pglite'), 0o755);
      const refused = await refusedStart('main', { DATA_DIR: dataDir });
      expect(refused.output).toContain(
        `${database} (in DATA_DIR) is readable by other users (mode 0755): run \`chmod -R go-rwx ${dataDir}\``,
      );
      expect(refused.code).toBe(1);

      chmodSync(database, 0o700);
      chmodSync(dataDir, 0o750);
      const group = await refusedStart('main', { DATA_DIR: dataDir });
      expect(group.output).toContain(`DATA_DIR ${dataDir} is readable by other users (mode 0750)`);
      expect(group.code).toBe(1);
    },
  );

  it('refuses an open BACKUP_DIR, and so do npm run backup and npm run restore', { timeout: 120_000 }, async () => {
    const dataDir = folder(join(scratchDir('sms-open-'), 'data'), 0o700);
    const backupDir = folder(join(scratchDir('sms-open-'), 'backups'), 0o711);
    const message = `BACKUP_DIR ${backupDir} is open to other users (mode 0711)`;
    const refused = await refusedStart('main', { DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    expect(refused.output).toContain(message);
    expect(refused.output).toContain(`chmod 700 ${backupDir}`);
    expect(refused.code).toBe(1);

    const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, BACKUP_DIR: backupDir };
    const backup = await run(NODE, [entry('backup')], { env, cwd: REPO_ROOT }).catch((error: { code: number; stderr: string }) => error);
    expect(backup).toMatchObject({ code: 1, stderr: expect.stringContaining(message) });

    const openData = folder(join(scratchDir('sms-open-'), 'data'), 0o755);
    const restore = await run(NODE, [entry('restore'), join(REPO_ROOT, 'package.json')], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: openData },
      cwd: REPO_ROOT,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(restore).toMatchObject({ code: 1, stderr: expect.stringContaining(`DATA_DIR ${openData} is readable by other users`) });
    expect(readdirSync(openData)).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    'npm run worker on PostgreSQL refuses an open BACKUP_DIR (its scheduled backups go there)',
    {
      timeout: 120_000,
    },
    async () => {
      const backupDir = folder(join(scratchDir('sms-open-'), 'backups'), 0o755);
      const target = await emptyPostgres(TEST_DATABASE_URL as string);
      const refused = await refusedStart('worker', { DATABASE_URL: target.url as string, BACKUP_DIR: backupDir }).finally(() =>
        target.dispose(),
      );
      expect(refused.output).toContain(`BACKUP_DIR ${backupDir} is readable by other users (mode 0755)`);
      expect(refused.code).toBe(1);
    },
  );
});
