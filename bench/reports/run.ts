/**
 * Reports benchmark (issues 6 and 37): one finished campaign of 1,000,000 recipients generated
 * directly in SQL (contacts and message rows, through the triggers that keep the counters and the
 * reports' aggregates; 50 tag1 values plus some without; mixed statuses; 30% replied; 1% of the
 * contacts opted out by keyword after the send), then:
 *  - the full scan the reports ran before the aggregates (test/report-scans.ts: the tag1 cells and
 *    the timeline), timed in this process on the same data as the reference;
 *  - through a FRESH server process (started after the data was written: nothing cached, nothing
 *    warmed): the first request of the delivery summary, the tag1-grouped report, the first
 *    non-responders page, the first per-recipient page and the campaigns overview, then p50/p95
 *    over 30 more; the tag1 report and the timeline are checked equal to the scan's;
 *  - the per-recipient CSV export of every recipient, and the non-responders CSV export: rows/s,
 *    the server's peak RSS, and the CPU seconds of the server and of its database connections;
 *    --repeat times each, medians, each time from a fresh server process; with --base, an older
 *    checkout's server is measured the same way, alternating with this one, on the same data;
 *  - the floor on PostgreSQL: psql running the export's whole statement (one COPY to /dev/null)
 *    on the same data in the same run, and EXPLAIN ANALYZE of its query.
 * On PostgreSQL (a fresh database) and PGlite (generated through PGlite in this process while the
 * server is stopped, since it owns its directory).
 *
 *   node_modules/.bin/node bench/reports/run.ts [--recipients 1000000] [--runs 30] [--only postgres|pglite]
 *                                               [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *                                               [--repeat 3] [--base /tmp/exports-base] [--exports-only]
 *
 * --base: a checkout of older code (e.g. `git archive <commit> apps/server | tar -x -C /tmp/exports-base`,
 * with that directory's node_modules a link to this checkout's and its package.json a copy).
 * --exports-only: skip the latency cases and the scans (the export figures only; printed, bench/RESULTS.md left alone).
 *
 * Writes its section of bench/RESULTS.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Tag1Report, DeliverySummary } from '@sms/contracts/reports';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, Executor } from '../../apps/server/src/db/client.ts';
import { openPglite } from '../../apps/server/src/db/pglite.ts';
import { bucketTimeline, tag1Figures } from '../../apps/server/src/modules/reports/reports.service.ts';
import { nonRespondersFile, recipientsFile } from '../../apps/server/src/modules/reports/report-files.ts';
import type { CampaignRow } from '../../apps/server/src/modules/campaigns/index.ts';
import { scanErrors, scanTag1Cells, scanTimelineRows } from '../../apps/server/test/report-scans.ts';
import { CAMPAIGN_ID, generateStatements } from './generate.ts';
import { api, freshPostgres, peakRss, resetPeak, signIn, startServer, stopProcess, writeResultsSection } from '../lib/bench-server.ts';

const { values: args } = parseArgs({
  options: {
    recipients: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '30' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    only: { type: 'string' },
    port: { type: 'string', default: '39318' },
    repeat: { type: 'string', default: '3' },
    base: { type: 'string' },
    'exports-only': { type: 'boolean', default: false },
    'pglite-repeat': { type: 'string', default: '1' },
  },
});
const PORT = Number(args.port);
const N = Number(args.recipients);
const RUNS = Number(args.runs);
const REPEAT = Number(args.repeat);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};
const fmt = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function time(path: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

/** CPU seconds (user + system) a process has used, from /proc (0 once it is gone). */
async function cpuSeconds(pid: number): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The CPU seconds of the server's database connections (PostgreSQL backends on this host, and their parallel workers), by process. */
async function backendCpu(admin: pg.Client | null, database: string): Promise<Map<number, number>> {
  const seconds = new Map<number, number>();
  if (!admin) return seconds;
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity a where datname = $1 and (application_name = 'sms-platform'
       or leader_pid in (select pid from pg_stat_activity where datname = $1 and application_name = 'sms-platform'))`,
    [database],
  );
  for (const row of rows) seconds.set(row.pid, await cpuSeconds(row.pid));
  return seconds;
}

interface ExportRun {
  rows: number;
  seconds: number;
  peakMb: number;
  serverCpu: number;
  databaseCpu: number;
}

/**
 * Streams an export to nowhere, counting lines; answers rows (without the header), seconds, the
 * server's peak RSS and the CPU seconds of the server and of its database connections.
 */
async function exportRate(path: string, token: string, pid: number, db: { admin: pg.Client | null; name: string }): Promise<ExportRun> {
  await resetPeak(pid);
  const serverBefore = await cpuSeconds(pid);
  const backendsBefore = await backendCpu(db.admin, db.name);
  // Parallel workers live for one statement: sampled while the export runs, each at the last value seen.
  const seen = new Map<number, number>();
  const sample = async () => {
    for (const [pid, seconds] of await backendCpu(db.admin, db.name)) seen.set(pid, Math.max(seconds, seen.get(pid) ?? 0));
  };
  let sampling = Promise.resolve();
  const sampler = setInterval(() => {
    sampling = sampling.then(sample);
  }, 200);
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`${path}: ${response.status}`);
  let lines = 0;
  for await (const chunk of response.body) {
    const bytes = chunk as Uint8Array;
    for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await sampling;
  await sample();
  const peakMb = Math.round(await peakRss(pid));
  const serverCpu = (await cpuSeconds(pid)) - serverBefore;
  let databaseCpu = 0;
  // Backends opened during the export count from zero; connections the pool dropped are missed (none here: it keeps them 10 s).
  for (const [backend, now] of seen) databaseCpu += now - (backendsBefore.get(backend) ?? 0);
  return { rows: lines - 1, seconds, peakMb, serverCpu, databaseCpu };
}

const latencyRows: string[] = [];
const exportRows: string[] = [];
const floorRows: string[] = [];
const scanRows: string[] = [];

/** What the scan found, to check the reports' answers against. */
interface ScanReference {
  tag1: ReturnType<typeof tag1Figures>;
  timeline: { bucket: string; points: Array<{ at: string; sent: number; delivered: number; failed: number }> };
  errors: Awaited<ReturnType<typeof scanErrors>>;
}

/**
 * The reference: the scans the reports ran on first view before the aggregates (with the 64 MB of
 * work_mem they ran with), timed, and what they found.
 */
async function scanReference(database: string, db: Db): Promise<ScanReference> {
  const timed = async <T>(run: (tx: Executor) => Promise<T>): Promise<{ value: T; ms: number }> => {
    const started = performance.now();
    const value = await db.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      return run(tx);
    });
    return { value, ms: performance.now() - started };
  };
  const cells = await timed((tx) => scanTag1Cells(tx, CAMPAIGN_ID));
  const timeline = await timed((tx) => scanTimelineRows(tx, CAMPAIGN_ID));
  const errors = await timed((tx) => scanErrors(tx, CAMPAIGN_ID));
  scanRows.push(`| ${database} | tag1 cells (every message row) | ${ms(cells.ms)} |`);
  scanRows.push(`| ${database} | error codes (the failed rows, partial index) | ${ms(errors.ms)} |`);
  scanRows.push(`| ${database} | timeline per minute, per second if short (every message row) | ${ms(timeline.ms)} |`);
  console.info(scanRows.slice(-3).join('\n'));
  const { bucket, points } = bucketTimeline(timeline.value.rows, timeline.value.unit);
  return {
    tag1: tag1Figures(cells.value),
    timeline: { bucket, points: points.map((point) => ({ ...point, at: point.at.toISOString() })) },
    errors: errors.value,
  };
}

async function measure(database: string, token: string, reference: ScanReference): Promise<void> {
  // The server folds the insert's deltas (counters, aggregates) within a second of starting.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const id = CAMPAIGN_ID;
  const cases: Array<[string, string]> = [
    ['delivery summary', `/api/reports/delivery/${id}`],
    ['tag1-grouped', `/api/reports/tag1-grouped/${id}`],
    ['non-responders, first page (25)', `/api/reports/non-responders/${id}?limit=25`],
    ['non-responders, first page, tag1=group-7', `/api/reports/non-responders/${id}?limit=25&tag1=group-7`],
    ['per-recipient table, first page (25)', `/api/reports/delivery/${id}/recipients?limit=25`],
    ['per-recipient table, status=failed (25)', `/api/reports/delivery/${id}/recipients?limit=25&status=failed`],
    ['campaigns overview', `/api/reports/campaigns`],
  ];
  for (const [label, path] of cases) {
    const first = await time(path, token);
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run++) samples.push(await time(path, token));
    samples.sort((a, b) => a - b);
    latencyRows.push(
      `| ${database} | ${label} | ${ms(first)} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 95))} | ${load()} |`,
    );
    console.info(latencyRows[latencyRows.length - 1]);
  }
  const details = await api<{ recipients: number; replied: number; optedOut: number; bucket: string; timeline: unknown[] }>(
    PORT,
    'GET',
    `/api/reports/delivery/${id}`,
    token,
  );
  const nonResponders = await api<{ total: number }>(PORT, 'GET', `/api/reports/non-responders/${id}?limit=1`, token);
  const tag1 = await api<Tag1Report>(PORT, 'GET', `/api/reports/tag1-grouped/${id}`, token);
  const delivery = details as unknown as DeliverySummary;
  const same =
    JSON.stringify({ groups: tag1.groups, totals: tag1.totals }) === JSON.stringify(reference.tag1) &&
    JSON.stringify({ bucket: delivery.bucket, points: delivery.timeline }) === JSON.stringify(reference.timeline) &&
    JSON.stringify(delivery.errors) === JSON.stringify(reference.errors);
  scanRows.push(`<!-- ${database}: the tag1 report, the timeline and the error codes ${same ? 'equal' : 'DIFFER FROM'} the scan's -->`);
  if (!same) console.error(`${database}: the reports differ from the scan`);
  latencyRows.push(
    `<!-- ${database}: recipients ${details.recipients}, replied ${details.replied}, opted out ${details.optedOut}, timeline ${details.timeline.length} ${details.bucket} points, non-responders ${nonResponders.total} -->`,
  );
}

const EXPORTS = [
  ['per-recipient CSV, every recipient', `/api/reports/delivery/${CAMPAIGN_ID}/recipients/export?format=csv`],
  ['non-responders CSV', `/api/reports/non-responders/${CAMPAIGN_ID}/export?format=csv`],
] as const;

/**
 * The exports, --repeat times, each time from a fresh server process of each code (this checkout,
 * and --base's when given, alternating which goes first); medians of each.
 */
async function measureExports(
  database: string,
  env: Record<string, string>,
  db: { admin: pg.Client | null; name: string },
  repeat: number,
  base: string | undefined,
): Promise<void> {
  const codes: Array<{ label: string; root: string | undefined }> = [{ label: 'this code', root: undefined }];
  if (base) codes.push({ label: 'before', root: base });
  const runs = new Map<string, ExportRun[]>();
  for (let round = 0; round < repeat; round++) {
    for (const code of round % 2 === 0 ? codes : [...codes].reverse()) {
      const server = await startServer(env, PORT, code.root);
      try {
        const token = await signIn(PORT);
        for (const [label, path] of EXPORTS) {
          const run = await exportRate(path, token, server.pid!, db);
          console.info(
            `${database} ${code.label} ${label}: ${fmt(run.rows)} rows in ${run.seconds.toFixed(2)} s, ${run.peakMb} MB, CPU ${run.serverCpu.toFixed(2)} s / ${run.databaseCpu.toFixed(2)} s, load ${load()}`,
          );
          runs.set(`${code.label}|${label}`, [...(runs.get(`${code.label}|${label}`) ?? []), run]);
        }
      } finally {
        await stopProcess(server);
      }
    }
  }
  for (const code of codes) {
    for (const [label] of EXPORTS) {
      const list = runs.get(`${code.label}|${label}`) ?? [];
      const seconds = median(list.map((run) => run.seconds));
      const rows = list[0]?.rows ?? 0;
      const each = list.map((run) => fmt(Math.round(run.rows / run.seconds))).join(', ');
      const cpu = db.admin
        ? `${median(list.map((run) => run.serverCpu)).toFixed(2)} s / ${median(list.map((run) => run.databaseCpu)).toFixed(2)} s`
        : `${median(list.map((run) => run.serverCpu)).toFixed(2)} s (database inside)`;
      exportRows.push(
        `| ${database} | ${code.label} | ${label} | ${fmt(rows)} | ${seconds.toFixed(2)} s | **${fmt(Math.round(rows / seconds))}** (${each}) | ${Math.max(...list.map((run) => run.peakMb))} MB | ${cpu} | ${load()} |`,
      );
      console.info(exportRows[exportRows.length - 1]);
    }
  }
}

const load = () => loadavg()[0]?.toFixed(1) ?? '';

/** The single COPY statement of each export (its whole file in one range), as the server would send it. */
async function exportStatements(): Promise<Array<{ label: string; statement: string }>> {
  const statements: string[] = [];
  // A pool that hands out a recording client: no range bounds, so each export is one COPY.
  const pool = new pg.Pool();
  const recorder = {
    query: (query: unknown) => {
      if (typeof query === 'string') return Promise.resolve({ rows: [] });
      // The COPY: recorded, then the export stops here (thrown where the stream would be returned).
      statements.push((query as { text: string }).text);
      throw new Error('recorded');
    },
    release: () => undefined,
  };
  (pool as unknown as { connect: () => Promise<unknown> }).connect = async () => recorder;
  const db = drizzle({ client: pool }) as unknown as Db;
  const campaign = { id: CAMPAIGN_ID, replyWindowHours: 72 } as CampaignRow;
  for (const file of [
    recipientsFile(db, campaign, {}, { maskPhones: false }),
    nonRespondersFile(db, campaign, {}, { maskPhones: false }),
  ]) {
    try {
      for await (const chunk of file.csvChunks!()) void chunk;
    } catch {
      // recorded
    }
  }
  return statements.map((statement, i) => ({ label: EXPORTS[i]![0], statement }));
}

/** Seconds psql takes to run a statement with its output to /dev/null (JIT off, as the server's pool). */
function psqlSeconds(url: string, statement: string): Promise<number> {
  const started = performance.now();
  const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', 'set jit = off', '-c', statement, url], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`psql exited ${code}`)))),
  );
}

/** The database's floor: psql running each export's whole statement, --repeat times (median), and EXPLAIN ANALYZE of it. */
async function measureFloor(url: string, client: pg.Client): Promise<void> {
  await client.query('set jit = off');
  for (const { label, statement } of await exportStatements()) {
    const times: number[] = [];
    for (let round = 0; round < REPEAT; round++) times.push(await psqlSeconds(url, statement));
    const rows = Number(
      (await client.query(`select count(*)::int as n from (${statement.slice('copy ('.length, statement.lastIndexOf(') to stdout'))}) q`))
        .rows[0].n,
    );
    const seconds = median(times);
    const plan = (
      await client.query(
        `explain (analyze, timing off, costs off) ${statement.slice('copy ('.length, statement.lastIndexOf(') to stdout'))}`,
      )
    ).rows
      .map((row: Record<string, string>) => Object.values(row)[0]!.trim())
      .filter((line: string) => !line.startsWith('Filter') && !line.startsWith('Rows Removed'));
    floorRows.push(
      `| PostgreSQL | psql, ${label}: one COPY (the whole file) to /dev/null | ${fmt(rows)} | ${seconds.toFixed(2)} s | **${fmt(Math.round(rows / seconds))}** (${times.map((t) => fmt(Math.round(rows / t))).join(', ')}) | ${load()} |`,
      `<!-- EXPLAIN ANALYZE (timing off): ${plan.join(' / ').replaceAll('--', '-')} -->`,
    );
    console.info(floorRows.slice(-2).join('\n'));
  }
}

async function benchPostgres(): Promise<void> {
  const name = 'sms_bench_reports';
  const database = await freshPostgres(args.pg!, name);
  const admin = new pg.Client({ connectionString: args.pg });
  await admin.connect();
  let server: ChildProcess | undefined = await startServer({ DATABASE_URL: database.url }, PORT);
  try {
    await signIn(PORT);
    await stopProcess(server);
    const pool = new pg.Client({ connectionString: database.url });
    await pool.connect();
    const started = performance.now();
    for (const statement of generateStatements(N)) await pool.query(statement);
    await pool.query('vacuum analyze contacts');
    await pool.query('vacuum analyze messages');
    console.info(`PostgreSQL: generated ${fmt(N)} recipients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (!args['exports-only']) {
      const reference = await scanReference('PostgreSQL', drizzle({ client: pool }) as unknown as Db);
      // A fresh process: nothing cached, nothing warmed.
      server = await startServer({ DATABASE_URL: database.url }, PORT);
      await measure('PostgreSQL', await signIn(PORT), reference);
      await stopProcess(server);
    }
    await measureFloor(database.url, pool);
    await pool.end();
    await measureExports('PostgreSQL', { DATABASE_URL: database.url }, { admin, name }, REPEAT, args.base);
  } finally {
    await stopProcess(server);
    await admin.end();
    await database.drop();
  }
}

async function benchPglite(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sms-bench-reports-'));
  try {
    // First start: migrations and the bench account; then generate through PGlite while the server is stopped.
    const server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir }, PORT);
    await signIn(PORT);
    await stopProcess(server);
    const started = performance.now();
    const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    for (const statement of [...generateStatements(N), 'vacuum analyze contacts', 'vacuum analyze messages'])
      await database.db.execute(sql.raw(statement));
    console.info(`PGlite: generated ${fmt(N)} recipients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const reference = args['exports-only'] ? undefined : await scanReference('PGlite', database.db);
    await database.close();
    if (reference) {
      const fresh = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir }, PORT);
      try {
        await measure('PGlite', await signIn(PORT), reference);
      } finally {
        await stopProcess(fresh);
      }
    }
    // PGlite's path (keyset batches) is the same before and after the ranged COPY: this code only.
    await measureExports(
      'PGlite',
      { DATABASE_URL: '', DATA_DIR: dataDir },
      { admin: null, name: '' },
      Number(args['pglite-repeat']),
      undefined,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const startedAt = new Date();
const loadAtStart = loadavg()
  .map((n) => n.toFixed(1))
  .join(', ');
if (args.only !== 'pglite') await benchPostgres();
if (args.only !== 'postgres') await benchPglite();

const section = `
## Reports (bench/reports/run.ts)

Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL on the same host;
${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at start ${loadAtStart} (other helpers were loading the 2 CPUs).
Data: one completed campaign of ${fmt(N)} recipients generated in SQL: 50 tag1 values plus ~2% without, 85% delivered, 5% sent,
5% failed, 3% undelivered, 1% skipped, 1% cancelled; 30% replied (10 reply texts, 7 reply words); 1% of the contacts opted out
by keyword after the send. One server process (API + worker).

Latency: "first request" is the first call of each report in a fresh server process started after the data
was written (no cache; the processes' first requests). The delivery summary's timeline and the tag1 report's
breakdown come from the aggregates kept by the messages triggers (decision 089), no longer from a scan of the
campaign's rows. p50/p95 over ${RUNS} requests after it. "Load" is the 1-minute load average after the measure.

| Database | Request | First request | p50 | p95 | Load |
|---|---|---:|---:|---:|---:|
${latencyRows.join('\n')}

The reference in the same run: the scans those two figures took on first view before (in the bench process,
64 MB work_mem as the reports set it), and whether the reports' answers equal what the scans find.

| Database | Full scan | Time |
|---|---|---:|
${scanRows.join('\n')}

Exports: on PostgreSQL COPY (SELECT ...) TO STDOUT (FORMAT csv) over ranges of 50,000 of the campaign's rows, two
streams at once on one snapshot, joined in order (decision 098); "before" (with --base) is the older checkout's
server, one COPY for the whole file. On PGlite keyset batches of 5,000 rows made in SQL. Each export ${REPEAT} times
on PostgreSQL (PGlite ${args['pglite-repeat']}), each time from a fresh server process, the two codes alternating; the time
and rows/s are the medians, each run's rows/s in brackets. CPU: seconds used by the server process / by its
database connections (the PostgreSQL backends and their parallel workers, sampled every 200 ms), medians. "Load" is the 1-minute load average after the last run.

| Database | Code | Export | Rows | Time | Rows/s | Peak RSS (server) | CPU: server / database | Load |
|---|---|---|---:|---:|---:|---:|---:|---:|
${exportRows.join('\n')}

The database's floor in the same run: psql running each export's whole statement (the single COPY the
"before" server sends) with its output to /dev/null, ${REPEAT} times, median (each run in brackets); the
statement's plan (EXPLAIN ANALYZE) in the comment.

| Database | Statement | Rows | Time | Rows/s | Load |
|---|---|---:|---:|---:|---:|
${floorRows.join('\n')}
`;
// A part of the run (--exports-only) would replace the whole section and lose its latency tables:
// its figures are printed only, to be copied by hand, as bench/web's --only does.
if (args['exports-only']) console.info('--exports-only: bench/RESULTS.md is left as it is; the figures follow.');
else await writeResultsSection('reports-bench', section);
console.info(section);
