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
 *  - the per-recipient CSV export of every recipient, and the non-responders CSV export: rows/s
 *    and the server's peak RSS.
 * On PostgreSQL (a fresh database) and PGlite (generated through PGlite in this process while the
 * server is stopped, since it owns its directory).
 *
 *   node_modules/.bin/node bench/reports/run.ts [--recipients 1000000] [--runs 30] [--only postgres|pglite]
 *                                               [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Writes its section of bench/RESULTS.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
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
  },
});
const PORT = Number(args.port);
const N = Number(args.recipients);
const RUNS = Number(args.runs);
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

/** Streams an export to nowhere, counting lines; answers rows (without the header), seconds and the server's peak RSS. */
async function exportRate(path: string, token: string, pid: number): Promise<{ rows: number; seconds: number; peakMb: number }> {
  await resetPeak(pid);
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`${path}: ${response.status}`);
  let lines = 0;
  for await (const chunk of response.body) {
    const bytes = chunk as Uint8Array;
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) lines++;
  }
  return { rows: lines - 1, seconds: (performance.now() - started) / 1000, peakMb: Math.round(await peakRss(pid)) };
}

const latencyRows: string[] = [];
const exportRows: string[] = [];
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

async function measure(database: string, server: ChildProcess, token: string, reference: ScanReference): Promise<void> {
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
  const load = () => loadavg()[0]?.toFixed(1) ?? '';
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
  for (const [label, path] of [
    ['per-recipient CSV, every recipient', `/api/reports/delivery/${id}/recipients/export?format=csv`],
    ['non-responders CSV', `/api/reports/non-responders/${id}/export?format=csv`],
  ] as const) {
    const result = await exportRate(path, token, server.pid!);
    exportRows.push(
      `| ${database} | ${label} | ${fmt(result.rows)} | ${result.seconds.toFixed(1)} s | ${fmt(Math.round(result.rows / result.seconds))} | ${result.peakMb} MB | ${load()} |`,
    );
    console.info(exportRows[exportRows.length - 1]);
  }
}

async function benchPostgres(): Promise<void> {
  const database = await freshPostgres(args.pg!, 'sms_bench_reports');
  let server = await startServer({ DATABASE_URL: database.url }, PORT);
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
    const reference = await scanReference('PostgreSQL', drizzle({ client: pool }) as unknown as Db);
    await pool.end();
    // A fresh process: nothing cached, nothing warmed.
    server = await startServer({ DATABASE_URL: database.url }, PORT);
    await measure('PostgreSQL', server, await signIn(PORT), reference);
  } finally {
    await stopProcess(server);
    await database.drop();
  }
}

async function benchPglite(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sms-bench-reports-'));
  try {
    // First start: migrations and the bench account; then generate through PGlite while the server is stopped.
    let server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir }, PORT);
    await signIn(PORT);
    await stopProcess(server);
    const started = performance.now();
    const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    for (const statement of [...generateStatements(N), 'vacuum analyze contacts', 'vacuum analyze messages'])
      await database.db.execute(sql.raw(statement));
    console.info(`PGlite: generated ${fmt(N)} recipients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const reference = await scanReference('PGlite', database.db);
    await database.close();
    server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir }, PORT);
    try {
      await measure('PGlite', server, await signIn(PORT), reference);
    } finally {
      await stopProcess(server);
    }
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

Exports: on PostgreSQL one COPY (SELECT ...) TO STDOUT (FORMAT csv) streamed with backpressure,
on PGlite keyset batches of 5,000 rows made in SQL.

| Database | Export | Rows | Time | Rows/s | Peak RSS (server) | Load |
|---|---|---:|---:|---:|---:|---:|
${exportRows.join('\n')}
`;
await writeResultsSection('reports-bench', section);
console.info(section);
