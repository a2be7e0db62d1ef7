import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type Config } from '../../config.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { openDatabase } from '../../db/open.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { onPostgres, startTestServer, testConfig } from '../../../test/helper.ts';
import { scratchDir } from '../../../test/scratch-dir.ts';
import { decryptedBackupText, emptyPglite, emptyPostgres, fingerprint, type Target } from '../../../test/backup-fixtures.ts';
import { backupToFile, runRestoreCommand } from './backup-commands.ts';
import { ENCRYPTED_HEADER_LENGTH, ENCRYPTED_MAGIC } from './backup-crypto.ts';
import { isEmptyDatabase, restoreBackup } from './restore.ts';

// Issue 34: a backup holds every secret of the installation in clear. `npm run backup -- --encrypt`
// seals it with a passphrase (scrypt, AES-256-GCM in authenticated 64 KiB chunks), and
// `npm run restore` asks for it; a wrong passphrase, a truncated file or an altered one is refused
// before the target is touched.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const kind = onPostgres ? 'postgres' : 'pglite';
const PASSPHRASE = 'correct horse battery staple';
const SMPP_PASSWORD = 'smpp-Pa55word-4217';
const WEBHOOK_SECRET = 'whsec_7d1c0b9e4f2a48e6a1f0c3b5d7e9a2c4';
const run = promisify(execFile);

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `npm run backup` / `npm run restore` as operators run them, in a process of their own. */
const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  run(join(REPO_ROOT, 'node_modules/.bin/node'), [join(REPO_ROOT, `apps/server/src/${script}.ts`), ...args], {
    env: { ...process.env, DATABASE_URL: '', BACKUP_PASSPHRASE: '', ...env },
    cwd: REPO_ROOT,
  });
const failure = (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' });

async function emptyTarget(): Promise<Target> {
  const target = onPostgres ? await emptyPostgres(TEST_DATABASE_URL as string) : await emptyPglite();
  cleanups.push(() => target.dispose());
  return target;
}

/** The target as the restore found it: no database in DATA_DIR, or an empty PostgreSQL database. */
async function untouched(target: { dataDir: string; database?: Database }): Promise<void> {
  if (target.database) expect(await isEmptyDatabase(target.database)).toBe(true);
  else expect(existsSync(join(target.dataDir, 'pglite'))).toBe(false);
}

interface Source {
  /** What the CLI is given to reach the database: DATABASE_URL, or a closed embedded DATA_DIR. */
  env: Record<string, string>;
  before: Awaited<ReturnType<typeof fingerprint>>;
  secrets: Record<string, string>;
  file: string;
}

let prepared: Promise<Source> | undefined;
/**
 * An installation with secrets in it (the token signing secret, a password hash, an SMPP password,
 * a webhook signing secret) and rows enough for several chunks, backed up by
 * `npm run backup -- --encrypt` (once for the file).
 */
function encryptedSource(): Promise<Source> {
  prepared ??= (async () => {
    const server = await startTestServer();
    cleanups.push(() => server.close());
    const admin = await server.createAdmin();
    await seedContacts(server, 8_000);
    // Notes that compress badly, so the file spans several 64 KiB chunks.
    await server.database.db.execute(sql`update contacts set notes = md5(phone) || md5(id::text)`);
    await server.database.db.execute(sql`insert into gateways (name, kind, config, secrets, enabled)
      values ('Operator SMSC', 'smpp', ${JSON.stringify({ host: 'smsc.example.test', port: 2775, systemId: 'acme' })}::jsonb,
              ${JSON.stringify({ password: SMPP_PASSWORD })}::jsonb, false)`);
    await server.database.db.execute(sql`insert into webhook_endpoints (url, events, secret, active, created_by)
      values ('https://hooks.example.test/sms', '{message.status}', ${WEBHOOK_SECRET}, true, ${admin.user.id})`);
    const [hash] = await queryRows<{ hash: string }>(
      server.database.db,
      sql`select password_hash as hash from users where id = ${admin.user.id}`,
    );
    const secrets = {
      jwtSecret: server.jwtSecret,
      passwordHash: hash?.hash as string,
      smppPassword: SMPP_PASSWORD,
      webhookSecret: WEBHOOK_SECRET,
    };

    let env: Record<string, string>;
    let before: Source['before'];
    if (onPostgres) {
      env = { DATABASE_URL: server.config.databaseUrl as string };
      before = await fingerprint(server.database);
    } else {
      // A closed DATA_DIR holding the same installation: the command opens it itself.
      const plain = join(scratchDir('sms-backup-'), 'seed.sms.gz');
      await backupToFile(server.database, plain);
      const copy = await emptyPglite();
      await restoreBackup(copy.database, plain, { resumeSending: true });
      before = await fingerprint(copy.database);
      await copy.database.close();
      env = { DATA_DIR: copy.dataDir };
    }
    const file = join(scratchDir('sms-backup-'), 'sealed.sms.gz.enc');
    const { stdout } = await cli('backup', ['--encrypt', '--out', file], { ...env, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(stdout).toContain('The file is encrypted');
    return { env, before, secrets, file };
  })();
  return prepared;
}

/** A copy of the encrypted file changed by `change`. */
function altered(file: string, name: string, change: (bytes: Buffer) => Buffer): string {
  const out = join(scratchDir('sms-backup-'), name);
  writeFileSync(out, change(Buffer.from(readFileSync(file))));
  return out;
}

const SEALED_CHUNK = 64 * 1024 + 16;

describe(`encrypted backups (${kind})`, () => {
  it(
    'npm run backup -- --encrypt: the file holds none of the secrets in clear; npm run restore with BACKUP_PASSPHRASE brings every row back',
    {
      timeout: 300_000,
    },
    async () => {
      const source = await encryptedSource();
      const bytes = readFileSync(source.file);
      expect(bytes.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)).toBe(true);
      expect(bytes.length).toBeGreaterThan(ENCRYPTED_HEADER_LENGTH + 3 * SEALED_CHUNK);
      expect(() => gunzipSync(bytes)).toThrow();
      const text = await decryptedBackupText(source.file, PASSPHRASE);
      for (const [name, secret] of Object.entries(source.secrets)) {
        expect(text, `${name} is in the backup`).toContain(secret);
        expect(bytes.includes(Buffer.from(secret)), `${name} is not in the file's bytes`).toBe(false);
      }

      const target = onPostgres ? await emptyTarget() : undefined;
      const dataDir = join(scratchDir('sms-restore-'), 'data');
      const { stdout } = await cli('restore', [source.file, '--resume-sending'], {
        ...(target ? { DATABASE_URL: target.url as string } : { DATA_DIR: dataDir }),
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(stdout).toMatch(/Restored \d+ rows/);
      const restored = target ? target.database : await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
      if (!target) cleanups.push(() => restored.close());
      expect(await fingerprint(restored)).toEqual(source.before);
    },
  );

  it('names its file .sms.gz.enc in BACKUP_DIR, and asks for the passphrase when none is given', { timeout: 300_000 }, async () => {
    const source = await encryptedSource();
    const backupDir = join(scratchDir('sms-backup-'), 'backups');
    await cli('backup', ['--encrypt'], { ...source.env, BACKUP_DIR: backupDir, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(readdirSync(backupDir)).toEqual([expect.stringMatching(/^backup-.*\.sms\.gz\.enc$/)]);
    // Not a terminal and no BACKUP_PASSPHRASE: nothing is written in clear instead.
    const unasked = await cli('backup', ['--encrypt'], { ...source.env, BACKUP_DIR: backupDir }).catch(failure);
    expect(unasked).toMatchObject({ code: 1, stderr: expect.stringContaining('set BACKUP_PASSPHRASE, or run the command in a terminal') });
    const short = await cli('backup', ['--encrypt'], { ...source.env, BACKUP_DIR: backupDir, BACKUP_PASSPHRASE: 'too short' }).catch(
      failure,
    );
    expect(short).toMatchObject({ code: 1, stderr: expect.stringContaining('BACKUP_PASSPHRASE must be at least 12 characters') });
    expect(readdirSync(backupDir)).toHaveLength(1);
  });

  it('npm run restore with a wrong passphrase, or none, is refused and the target is untouched', { timeout: 300_000 }, async () => {
    const source = await encryptedSource();
    const target = onPostgres ? await emptyTarget() : { dataDir: join(scratchDir('sms-restore-'), 'data'), url: undefined };
    const env: Record<string, string> = onPostgres ? { DATABASE_URL: target.url as string } : { DATA_DIR: target.dataDir };
    const wrong = await cli('restore', [source.file], { ...env, BACKUP_PASSPHRASE: 'correct horse battery stapler' }).catch(failure);
    expect(wrong).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Restore failed: The passphrase is wrong, or the file is damaged.'),
    });
    await untouched(target);
    const none = await cli('restore', [source.file], env).catch(failure);
    expect(none).toMatchObject({ code: 1, stderr: expect.stringContaining('This backup file is encrypted: set BACKUP_PASSPHRASE') });
    await untouched(target);
  });

  it(
    'a truncated, altered or reordered encrypted file is refused with a clear message, the target untouched',
    { timeout: 300_000 },
    async () => {
      const source = await encryptedSource();
      const chunkStart = (index: number) => ENCRYPTED_HEADER_LENGTH + index * SEALED_CHUNK;
      const cases: Array<[string, (bytes: Buffer) => Buffer, RegExp]> = [
        ['cut midway', (bytes) => bytes.subarray(0, Math.floor(bytes.length * 0.6)), /^The backup file is truncated or damaged/],
        [
          'cut after a whole chunk',
          (bytes) => bytes.subarray(0, chunkStart(2)),
          /^The backup file is truncated: it ends before its last part/,
        ],
        ['header only', (bytes) => bytes.subarray(0, ENCRYPTED_HEADER_LENGTH), /^The backup file is truncated/],
        [
          'a bit flipped in the second chunk',
          (bytes) => {
            bytes[chunkStart(1) + 100]! ^= 0x01;
            return bytes;
          },
          /^The backup file is damaged: its part 2 fails its check/,
        ],
        [
          'chunks 2 and 3 swapped',
          (bytes) =>
            Buffer.concat([
              bytes.subarray(0, chunkStart(1)),
              bytes.subarray(chunkStart(2), chunkStart(3)),
              bytes.subarray(chunkStart(1), chunkStart(2)),
              bytes.subarray(chunkStart(3)),
            ]),
          /^The backup file is damaged: its part 2 fails its check/,
        ],
        [
          'a bit flipped in the header (the salt)',
          (bytes) => {
            bytes[20]! ^= 0x80;
            return bytes;
          },
          /^The passphrase is wrong, or the file is damaged/,
        ],
        [
          'scrypt settings no product writes',
          (bytes) => {
            bytes[10] = 40;
            return bytes;
          },
          /^The backup file is damaged: its encryption header/,
        ],
      ];
      const target = onPostgres ? await emptyTarget() : undefined;
      for (const [name, change, message] of cases) {
        const file = altered(source.file, `${name.replaceAll(' ', '-')}.enc`, change);
        const dataDir = join(scratchDir('sms-restore-'), 'data');
        const config: Config = testConfig({ dataDir, databaseUrl: target?.url });
        const refused = await runRestoreCommand(config, file, {
          force: false,
          resumeSending: false,
          passphrase: async () => PASSPHRASE,
        }).then(
          () => new Error('restored'),
          (error: unknown) => error as Error,
        );
        expect(refused.message, name).toMatch(message);
        expect(refused.name, name).toBe('RestoreRefused');
        await untouched(target ?? { dataDir });
      }
    },
  );

  it(
    'an independent implementation (Python: hashlib.scrypt, cryptography AESGCM) decrypts the file',
    { timeout: 300_000 },
    async ({ skip }) => {
      // The first Python with the cryptography package: the one on PATH, or Debian's (.ci/run installs python3-cryptography).
      let python: string | undefined;
      for (const candidate of ['python3', '/usr/bin/python3']) {
        const usable = await run(candidate, ['-c', 'import hashlib, cryptography; hashlib.scrypt']).then(
          () => true,
          () => false,
        );
        if (usable) {
          python = candidate;
          break;
        }
      }
      if (!python && process.env.CI)
        throw new Error('CI needs python3 with the cryptography package (.ci/run installs python3-cryptography)');
      if (!python) return skip('python3 with the cryptography package is not installed (apt-get install python3-cryptography)');
      const source = await encryptedSource();
      const out = join(scratchDir('sms-backup-'), 'python.sms.gz');
      await run(python, [join(REPO_ROOT, 'apps/server/test/decrypt-backup.py'), source.file, out], {
        env: { ...process.env, BACKUP_PASSPHRASE: PASSPHRASE },
      });
      const text = gunzipSync(readFileSync(out)).toString('utf8');
      expect(text.startsWith('SMS-PLATFORM-BACKUP 1\n')).toBe(true);
      expect(text).toBe(await decryptedBackupText(source.file, PASSPHRASE));
    },
  );
});
