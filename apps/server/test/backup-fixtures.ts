import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import { openDatabase } from '../src/db/open.ts';
import { backupKeyFor, decryptingStream, ENCRYPTED_HEADER_LENGTH, readEncryptionHeader } from '../src/modules/backups/backup-crypto.ts';
import type { MessagingEngine } from '../src/modules/messaging/index.ts';
import { createSending } from '../src/sending.ts';
import { closeHttp } from '../src/platform/close-http.ts';
import { createJobs } from '../src/platform/jobs.ts';
import { scratchDir } from './scratch-dir.ts';
import { engineTestLogger, testConfig } from './helper.ts';

/** Test fixtures of the backup tests: empty targets of either kind, a server on a restored database, table fingerprints. */

export interface Target {
  database: Database;
  url: string | undefined;
  dataDir: string;
  dispose(): Promise<void>;
}

/** An empty embedded database in a new DATA_DIR (nothing migrated). */
export async function emptyPglite(): Promise<Target> {
  const dataDir = scratchDir('sms-restore-');
  const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
  return { database, url: undefined, dataDir, dispose: () => database.close() };
}

/** An empty PostgreSQL database next to TEST_DATABASE_URL's (nothing migrated); dropped by dispose. */
export async function emptyPostgres(baseUrl: string): Promise<Target> {
  const name = `sms_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    url: url.toString(),
    dataDir: scratchDir('sms-restore-'),
    dispose: async () => {
      await database.close().catch(() => {});
      const cleaner = new pg.Client({ connectionString: baseUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

/**
 * Every table's row count and a digest of all its rows (each row as text, sorted), so two
 * databases compare equal only when every row of every table is equal.
 */
export async function fingerprint(database: Database): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const result: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; digest: string | null }>(
      database.db,
      sql.raw(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`),
    );
    result[name] = { rows: row?.rows ?? 0, digest: row?.digest ?? '' };
  }
  return result;
}

/**
 * Serves the app on an existing database (a restored one): answers its base URL and a closer.
 * `engine` runs the sending engine in this process too, as the embedded server does.
 */
export async function serveOn(
  target: Target,
  options: { backupToken?: string; engine?: boolean } = {},
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const config = testConfig({ databaseUrl: target.url, dataDir: target.dataDir });
  const jobs = createJobs(target.database, { supervise: false });
  let engine: MessagingEngine | undefined;
  const app = await buildApp(config, {
    database: target.database,
    jobs,
    logger: false,
    wakeDispatcher: () => engine?.wake(),
    wakeOneOffs: () => engine?.wakeOneOffs(),
    ...(options.backupToken ? { backupToken: options.backupToken } : {}),
  });
  await jobs.start({ error: () => {} });
  if (options.engine) {
    engine = createSending({
      database: target.database,
      logger: engineTestLogger(),
      publicUrl: undefined,
      jobs,
      options: { idleMs: 50 },
    });
    engine.start();
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await closeHttp(app, 500);
      await engine?.stop();
      await jobs.stop();
    },
  };
}

/** The text of an encrypted backup file: decrypted with `passphrase` and gunzipped (the product's own reading). */
export async function decryptedBackupText(file: string, passphrase: string): Promise<string> {
  const header = await readEncryptionHeader(file);
  if (!header) throw new Error(`${file} is not an encrypted backup`);
  const chunks: Buffer[] = [];
  await pipeline(
    createReadStream(file, { start: ENCRYPTED_HEADER_LENGTH }),
    decryptingStream(await backupKeyFor(header, passphrase)),
    createGunzip(),
    async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) chunks.push(chunk);
    },
  );
  return Buffer.concat(chunks).toString('utf8');
}
