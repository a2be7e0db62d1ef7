/**
 * Backup and restore benchmark: 1,000,000 contacts and 1,000,000 messages (generated in SQL on
 * PostgreSQL; the messages go through the count triggers like any other insert), then through the
 * real commands as separate processes, each timed with its peak memory (GNU time's maximum RSS):
 *
 *   1. npm run backup on PostgreSQL (reference: pg_dump -Fc of the same database, same run)
 *   2. npm run restore of that file into an empty PostgreSQL database
 *   3. npm run restore of the same file into an empty embedded DATA_DIR (PostgreSQL -> embedded)
 *   4. npm run backup of that embedded DATA_DIR (no server running: the command opens it itself)
 *
 *   node_modules/.bin/node bench/backup/run.ts [--rows 1000000] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--prefix test_wt8_bench]
 *
 * Writes its section of bench/RESULTS.md.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { freshPostgres, ROOT, writeResultsSection } from '../lib/bench-server.ts';

const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    prefix: { type: 'string', default: 'bench_backup' },
  },
});
const ROWS = Number(args.rows);
const NODE = join(ROOT, 'node_modules/.bin/node');
const fmt = (n: number) => n.toLocaleString('en-US');

/** Runs a command under GNU time: wall seconds and peak resident memory (MB). */
async function timed(
  command: string,
  commandArgs: string[],
  env: Record<string, string>,
): Promise<{ seconds: number; peakMb: number; stdout: string }> {
  const { stdout, stderr } = await run('/usr/bin/time', ['-f', 'TIME %e %M', command, ...commandArgs], {
    env: { ...process.env, ...env },
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  const match = /TIME ([\d.]+) (\d+)/.exec(stderr);
  if (!match) throw new Error(`no timing in: ${stderr}`);
  return { seconds: Number(match[1]), peakMb: Number(match[2]) / 1024, stdout };
}

const cli = (script: 'backup' | 'restore', cliArgs: string[], env: Record<string, string>) =>
  timed(NODE, [join(ROOT, `apps/server/src/${script}.ts`), ...cliArgs], { DATABASE_URL: '', ...env });

async function generate(url: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into contacts (phone, first_name, last_name, email, tag1, custom_fields)
     select '+4477' || lpad(i::text, 8, '0'), 'Person ' || i, 'Family ' || (i % 997), 'p' || i || '@example.test', 'group-' || (i % 50), jsonb_build_object('city', 'City ' || (i % 300))
     from generate_series(1, $1) as i`,
    [ROWS],
  );
  const { rows } = await client.query<{
    id: string;
  }>(`insert into campaigns (name, body, audience, status, launched_at, audience_ready_at, completed_at)
    values ('Bench', 'Hello {first_name}, your code is ready', '{"type":"all"}', 'completed', now(), now(), now()) returning id`);
  await client.query(
    `insert into messages (campaign_id, contact_id, phone, body, status, queued_at, sent_at, delivered_at, segments, encoding)
     select $1, id, phone, 'Hello ' || first_name || ', your code is ready', case when random() < 0.95 then 'delivered' else 'failed' end, now(), now(), now(), 1, 'gsm7'
     from contacts`,
    [rows[0]!.id],
  );
  await client.end();
  return (performance.now() - started) / 1000;
}

async function migrate(url: string): Promise<void> {
  // The schema comes from the product's migrations (a restore of an empty backup would do the same).
  await run(
    NODE,
    [
      '-e',
      `const { openDatabase } = await import('./apps/server/src/db/open.ts'); const d = await openDatabase({ databaseUrl: ${JSON.stringify(url)} }); await d.migrate(); await d.close();`,
    ],
    {
      cwd: ROOT,
    },
  );
}

const source = await freshPostgres(args.pg, `${args.prefix}_source`);
const target = await freshPostgres(args.pg, `${args.prefix}_target`);
const work = mkdtempSync(join(tmpdir(), 'sms-bench-backup-'));
try {
  await migrate(source.url);
  const generated = await generate(source.url);
  console.info(`generated in ${generated.toFixed(1)} s`);
  const file = join(work, 'pg.sms.gz');
  const pgBackup = await cli('backup', ['--out', file], { DATABASE_URL: source.url });
  console.info('backup (PostgreSQL)', pgBackup);
  const dump = await timed('/usr/bin/pg_dump', ['-Fc', '-f', join(work, 'reference.dump'), source.url], {});
  console.info('pg_dump', dump);
  const pgRestore = await cli('restore', [file], { DATABASE_URL: target.url });
  console.info('restore (PostgreSQL)', pgRestore);
  const dataDir = join(work, 'data');
  const embeddedRestore = await cli('restore', [file], { DATA_DIR: dataDir });
  console.info('restore (embedded)', embeddedRestore);
  const embeddedFile = join(work, 'embedded.sms.gz');
  const embeddedBackup = await cli('backup', ['--out', embeddedFile], { DATA_DIR: dataDir });
  console.info('backup (embedded)', embeddedBackup);

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const line = (what: string, result: { seconds: number; peakMb: number }, extra = '') =>
    `| ${what} | ${result.seconds.toFixed(1)} s | ${result.peakMb.toFixed(0)} MB | ${extra} |`;
  await writeResultsSection(
    'backup',
    `## Backup and restore (bench/backup/run.ts)

${fmt(ROWS)} contacts + ${fmt(ROWS)} messages (+ the migrations' rows), generated in SQL on PostgreSQL 15 in ${generated.toFixed(0)} s.
Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, shared with other work; ${new Date().toISOString().slice(0, 10)}.
Each command is a separate process; peak = its maximum resident memory (GNU time).

| Step | Time | Peak memory | Notes |
|---|---|---|---|
${line('npm run backup, PostgreSQL', pgBackup, `file ${mb(statSync(file).size)}`)}
${line('reference: pg_dump -Fc of the same database', dump, `file ${mb(statSync(join(work, 'reference.dump')).size)}`)}
${line('npm run restore into empty PostgreSQL', pgRestore, 'migrations to the backup schema, COPY every table, newer migrations')}
${line('npm run restore into empty embedded DATA_DIR (PostgreSQL -> embedded)', embeddedRestore, '')}
${line('npm run backup, embedded (server stopped)', embeddedBackup, `file ${mb(statSync(embeddedFile).size)}`)}

Memory stays flat with the row count: rows stream through (PostgreSQL: COPY streams; PGlite: 8 MB slices of heap pages out, 8 MB pieces in).`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
  await source.drop();
  await target.drop();
}
