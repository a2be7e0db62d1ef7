/**
 * Reports benchmark (issue 6): one finished campaign of 1,000,000 recipients generated directly in
 * SQL (contacts and message rows; 50 tag1 values plus some without; mixed statuses; 30% replied;
 * 1% of the contacts opted out by keyword after the send), then through the real server process:
 *  - p50/p95 over 30 timed requests (after the first, reported apart as "first request") of the
 *    delivery summary, the tag1-grouped report, the first non-responders page, plus the first
 *    per-recipient page and the campaigns overview;
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
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite } from '../../apps/server/src/db/pglite.ts';
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

async function measure(database: string, server: ChildProcess, token: string): Promise<void> {
  // Let the server fold the insert's count deltas into campaign_counts first.
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
  const server = await startServer({ DATABASE_URL: database.url }, PORT);
  try {
    const token = await signIn(PORT);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const started = performance.now();
    for (const statement of generateStatements(N)) await client.query(statement);
    await client.query('vacuum analyze contacts');
    await client.query('vacuum analyze messages');
    await client.end();
    console.info(`PostgreSQL: generated ${fmt(N)} recipients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await measure('PostgreSQL', server, token);
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
    await database.close();
    console.info(`PGlite: generated ${fmt(N)} recipients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir }, PORT);
    try {
      await measure('PGlite', server, await signIn(PORT));
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

Latency: "first request" is the first call after the data was generated (the delivery summary and the
tag1 report each scan the campaign's rows once; their aggregates are then cached per process while the
campaign's counters do not move, the tag1 ones at most 60 s; the non-responders page reuses the tag1
aggregate). p50/p95 over ${RUNS} requests after it. "Load" is the 1-minute load average after the measure.

| Database | Request | First request | p50 | p95 | Load |
|---|---|---:|---:|---:|---:|
${latencyRows.join('\n')}

| Database | Export | Rows | Time | Rows/s | Peak RSS (server) | Load |
|---|---|---:|---:|---:|---:|---:|
${exportRows.join('\n')}
`;
await writeResultsSection('reports-bench', section);
console.info(section);
