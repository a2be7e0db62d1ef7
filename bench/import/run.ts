/**
 * Import benchmark: the whole path through the HTTP API (upload -> start -> job done) on PGlite
 * and PostgreSQL, for a 1M-row CSV and a 200k-row XLSX, with the server's peak RSS, plus a raw
 * COPY of the same normalised rows (the physical limit) and the contacts list p95 over the
 * imported million. Not part of `npm test`.
 *
 *   npm exec -- node bench/import/run.ts [--rows 1000000] [--xlsx-rows 200000] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--only pglite|postgres] [--port 39217]
 *
 * --xlsx-rows 0 leaves the XLSX import out (the CSV and its raw COPY only).
 *
 * Writes bench/RESULTS.md. Data goes to a temp directory that is removed afterwards.
 */
import { openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { normalisePhone } from '@sms/contracts/phone';
import { uuidv7 } from '../../apps/server/src/db/uuidv7.ts';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { api, freshPostgres, peakRss, resetPeak, signIn, sleep, startFlags, startServer, stopProcess } from '../lib/bench-server.ts';
import { BENCH_TAG, benchRow, writeCsv, writeXlsx } from './generate.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'xlsx-rows': { type: 'string', default: '200000' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    only: { type: 'string' },
    port: { type: 'string', default: '39217' },
    help: { type: 'boolean' },
  },
});
if (args.help) {
  console.info(
    'node bench/import/run.ts [--rows 1000000] [--xlsx-rows 200000 (0: no XLSX)] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--only pglite|postgres] [--port 39217]',
  );
  process.exit(0);
}
const ROWS = Number(args.rows);
const XLSX_ROWS = Number(args['xlsx-rows']);
const ROOT = new URL('../../', import.meta.url).pathname;

interface ImportRun {
  database: string;
  file: string;
  rows: number;
  uploadMs: number;
  jobMs: number;
  totalMs: number;
  rowsPerSecond: number;
  peakRssMb: number;
  /** CPU seconds of the server process (all its threads) from upload to job done. */
  serverCpuS: number;
  /** PostgreSQL: CPU seconds of the bench database's backends over the same span. */
  databaseCpuS: number | null;
  /** 1-minute load average before and after (2 CPUs shared with other work). */
  load: [number, number];
  counts: Record<string, number>;
}

/** CPU seconds (user + system, all threads) a process has used so far; 0 once it is gone. */
async function cpuSeconds(pid: number): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by each backend of a PostgreSQL database (the server runs on this host). */
async function backendCpu(url: string | undefined): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!url) return cpu;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) cpu.set(pid, await cpuSeconds(pid));
  } finally {
    await client.end();
  }
  return cpu;
}
const cpuDelta = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

const load = () => Number(loadavg()[0]!.toFixed(1));

/**
 * Seconds a fixed integer loop takes on one core: hosts differ (the same code ran twice as fast on
 * another day's host), so results are compared through this and the raw COPY of the same run.
 */
function cpuReference(): number {
  const started = performance.now();
  let x = 0;
  for (let index = 0; index < 300_000_000; index++) x = (x * 1103515245 + 12345) | 0;
  if (x === 0.5) console.info(x); // keeps the loop from being optimised away
  return (performance.now() - started) / 1000;
}

/**
 * Starts PostgreSQL's WAL cycle afresh: how much WAL earlier work (the previous measurement, the
 * database's creation) left since the last checkpoint otherwise decides whether a checkpoint, and
 * the full-page images after it, falls inside the measurement (seen: 11.3 vs 15.5 s of database
 * CPU for the same merge). The import's own WAL (~700 MB for 900k new contacts) still triggers
 * the checkpoints it causes.
 */
async function checkpoint(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

async function runImport(
  port: number,
  pid: number,
  token: string,
  path: string,
  name: string,
  database: string,
  rows: number,
  pgUrl: string | undefined,
): Promise<ImportRun> {
  if (pgUrl) await checkpoint(pgUrl);
  await resetPeak(pid);
  const loadBefore = load();
  const cpuBefore = await cpuSeconds(pid);
  const backendsBefore = await backendCpu(pgUrl);
  const started = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(path), name);
  const response = await fetch(`http://127.0.0.1:${port}/api/contacts/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const uploaded = (await response.json()) as { import: { id: string }; preview: { suggestedMapping: Record<string, string> } };
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(uploaded)}`);
  const uploadMs = performance.now() - started;
  const id = uploaded.import.id;
  await api(port, 'POST', `/api/contacts/imports/${id}/start`, token, {
    mapping: uploaded.preview.suggestedMapping,
    options: { defaultCountry: 'GB', onDuplicate: 'skip' },
  });
  let summary: { status: string; counts: Record<string, number>; elapsedMs: number; errorMessage: string | null };
  for (;;) {
    summary = (await api<{ import: typeof summary }>(port, 'GET', `/api/contacts/imports/${id}`, token)).import;
    if (['completed', 'failed', 'cancelled'].includes(summary.status)) break;
    await sleep(100);
  }
  const totalMs = performance.now() - started;
  const serverCpuS = (await cpuSeconds(pid)) - cpuBefore;
  const databaseCpuS = pgUrl ? cpuDelta(backendsBefore, await backendCpu(pgUrl)) : null;
  if (summary.status !== 'completed') throw new Error(`import ${summary.status}: ${summary.errorMessage}`);
  const { rowsRead = 0, created = 0, updated = 0, duplicates = 0, rejected = 0 } = summary.counts;
  if (created + updated + duplicates + rejected !== rowsRead) throw new Error(`counts do not add up: ${JSON.stringify(summary.counts)}`);
  return {
    database,
    file: name,
    rows,
    uploadMs,
    jobMs: summary.elapsedMs,
    totalMs,
    rowsPerSecond: Math.round(rows / (totalMs / 1000)),
    peakRssMb: Math.round(await peakRss(pid)),
    serverCpuS,
    databaseCpuS,
    load: [loadBefore, load()],
    counts: summary.counts,
  };
}

/** p95 and median of GET /api/contacts for two filtered pages (tag1 + phone prefix, tag1 + name). */
async function listLatency(
  port: number,
  token: string,
): Promise<Array<{ query: string; p50: number; p95: number; total: number; capped: boolean; load: number }>> {
  // The targets' two (tag1 + phone prefix, tag1 + name), and a phone prefix alone, whose matches sit behind 810,000 newer contacts.
  const queries = [
    `tag1=${BENCH_TAG}&search=${encodeURIComponent('+4474001')}&limit=20`,
    `tag1=${BENCH_TAG}&search=Ann&limit=20`,
    `search=${encodeURIComponent('+4474001')}&limit=20`,
  ];
  const results = [];
  for (const query of queries) {
    const times: number[] = [];
    let total = 0;
    let capped = false;
    const before = load();
    for (let round = 0; round < 60; round++) {
      const started = performance.now();
      const answer = await api<{ total: number; totalCapped: boolean }>(port, 'GET', `/api/contacts?${query}`, token);
      if (round >= 10) times.push(performance.now() - started);
      total = answer.total;
      capped = answer.totalCapped;
    }
    times.sort((a, b) => a - b);
    results.push({
      query,
      p50: times[Math.floor(times.length * 0.5)]!,
      p95: times[Math.floor(times.length * 0.95)]!,
      total,
      capped,
      load: Math.max(before, load()),
    });
  }
  return results;
}

/** The normalised, deduplicated rows the import stores (with ids made the same way), as COPY text for contacts. */
function normalisedCopyText(rows: number): { text: string; count: number } {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (let index = 0; index < rows; index++) {
    const [phone, first, last, email, tag, city] = benchRow(index);
    const result = normalisePhone(phone!, 'GB');
    if (!result.ok || seen.has(result.e164)) continue;
    seen.add(result.e164);
    lines.push(`${uuidv7()}\t${result.e164}\t${first}\t${last}\t${email}\t${tag}\t${JSON.stringify({ City: city })}\timport\n`);
  }
  return { text: lines.join(''), count: lines.length };
}
// Time-ordered ids, as the import makes them.
const RAW_COLUMNS = 'id, phone, first_name, last_name, email, tag1, custom_fields, source';

async function rawCopyPostgres(url: string, text: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('truncate contacts cascade');
    const started = performance.now();
    const stream = client.query(copyFrom(`copy contacts (${RAW_COLUMNS}) from stdin`));
    await new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve).on('error', reject);
      stream.end(text);
    });
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

async function rawCopyPglite(dataDir: string, text: string): Promise<number> {
  const db = new PGlite({ dataDir });
  await db.waitReady;
  try {
    await db.query('truncate contacts cascade');
    const started = performance.now();
    await db.query(`copy contacts (${RAW_COLUMNS}) from '/dev/blob'`, [], { blob: new Blob([text]) });
    return performance.now() - started;
  } finally {
    await db.close();
  }
}

const main = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sms-bench-import-'));
  const port = Number(args.port);
  const runs: ImportRun[] = [];
  const copies: Array<{ database: string; rows: number; ms: number; load: number }> = [];
  const lists: Array<{ database: string; query: string; p50: number; p95: number; total: number; capped: boolean; load: number }> = [];
  const notes: string[] = [];
  try {
    const csvPath = join(dir, 'contacts-1m.csv');
    const xlsxPath = join(dir, 'contacts-200k.xlsx');
    console.info(`generating ${ROWS} CSV rows and ${XLSX_ROWS} XLSX rows in ${dir}`);
    await writeCsv(csvPath, ROWS);
    if (XLSX_ROWS > 0) await writeXlsx(xlsxPath, XLSX_ROWS);
    const sizes = { csv: (await stat(csvPath)).size, xlsx: XLSX_ROWS > 0 ? (await stat(xlsxPath)).size : 0 };
    const normalised = normalisedCopyText(ROWS);

    for (const database of ['pglite', 'postgres'] as const) {
      if (args.only && args.only !== database) continue;
      const dataDir = join(dir, `data-${database}`);
      const fresh = database === 'postgres' ? await freshPostgres(args.pg!, `sms_bench_${Date.now().toString(36)}`) : undefined;
      const pgUrl = fresh?.url;
      const env: Record<string, string> = pgUrl ? { DATABASE_URL: pgUrl, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
      const label = database === 'postgres' ? 'PostgreSQL' : 'PGlite';
      const child = await startServer(env, port);
      try {
        const token = await signIn(port);
        console.info(`${label}: importing the CSV`);
        runs.push(await runImport(port, child.pid!, token, csvPath, 'contacts-1m.csv', label, ROWS, pgUrl));
        console.info(runs.at(-1));
        try {
          for (const result of await listLatency(port, token)) lists.push({ database: label, ...result });
        } catch (error) {
          notes.push(`${label}: contacts list not measured (${(error as Error).message.slice(0, 120)})`);
        }
        if (XLSX_ROWS > 0) {
          console.info(`${label}: importing the XLSX`);
          runs.push(await runImport(port, child.pid!, token, xlsxPath, 'contacts-200k.xlsx', label, XLSX_ROWS, pgUrl));
          console.info(runs.at(-1));
        }
      } finally {
        await stopProcess(child);
      }
      console.info(`${label}: raw COPY of ${normalised.count} normalised rows`);
      const ms =
        database === 'postgres'
          ? await rawCopyPostgres(pgUrl!, normalised.text)
          : await rawCopyPglite(join(dataDir, 'pglite'), normalised.text);
      copies.push({ database: label, rows: normalised.count, ms, load: load() });
      await fresh?.drop();
    }
    await writeResults(sizes, runs, copies, lists, notes, await startFlags(), cpuReference());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

async function writeResults(
  sizes: { csv: number; xlsx: number },
  runs: ImportRun[],
  copies: Array<{ database: string; rows: number; ms: number; load: number }>,
  lists: Array<{ database: string; query: string; p50: number; p95: number; total: number; capped: boolean; load: number }>,
  notes: string[],
  flags: string[],
  cpuS: number,
) {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    '# Benchmark results',
    '',
    `Run: ${new Date().toISOString()} · ${cpus().length} CPUs (${cpus()[0]?.model.trim()}) · ${(totalmem() / 1024 ** 3).toFixed(0)} GB RAM · Node ${process.version} · \`npm exec -- node bench/import/run.ts\` · server started as \`npm start\` does: \`node ${[...flags, 'apps/server/src/main.ts'].join(' ')}\``,
    '',
    'The host is shared: "Load" is the 1-minute load average before / after each measurement (2 CPUs: above 2, work waits for a CPU). CPU seconds do not depend on the load as much as times do.',
    '',
    `CPU reference: ${cpuS.toFixed(2)} s for a fixed integer loop on one core (hosts differ: compare runs through this and the raw COPY below).`,
    '',
    '## Contacts import (through the HTTP API: upload -> start -> job done)',
    '',
    `Data: 6 columns, mixed number formats (E.164, national with spaces, 00-prefix, brackets and dashes; default country GB), 5% invalid numbers, 5% repeated numbers. CSV ${mb(sizes.csv)}, XLSX ${mb(sizes.xlsx)}.`,
    '',
    '| Database | File | Rows | Upload | Job | Total | Rows/s (total) | Peak RSS (server) | CPU: server / database | Load | Created / duplicates / rejected |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...runs.map(
      (run) =>
        `| ${run.database} | ${run.file} | ${run.rows.toLocaleString('en-US')} | ${s(run.uploadMs)} | ${s(run.jobMs)} | ${s(run.totalMs)} | ${run.rowsPerSecond.toLocaleString('en-US')} | ${run.peakRssMb} MB | ${run.serverCpuS.toFixed(1)} s / ${run.databaseCpuS === null ? 'in the server' : `${run.databaseCpuS.toFixed(1)} s`} | ${run.load[0]} / ${run.load[1]} | ${run.counts.created} / ${run.counts.duplicates} / ${run.counts.rejected} |`,
    ),
    '',
    '## Physical limit: raw COPY of the same normalised rows into contacts (same indexes, empty table, time-ordered ids)',
    '',
    '| Database | Rows | COPY time | Rows/s | Load after | 1M-row CSV import (total) / COPY |',
    '|---|---:|---:|---:|---:|---:|',
    ...copies.map((copy) => {
      const csv = runs.find((run) => run.database === copy.database && run.file.endsWith('.csv'));
      return `| ${copy.database} | ${copy.rows.toLocaleString('en-US')} | ${s(copy.ms)} | ${Math.round(copy.rows / (copy.ms / 1000)).toLocaleString('en-US')} | ${copy.load} | ${csv ? `${(csv.totalMs / copy.ms).toFixed(2)}x` : '-'} |`;
    }),
    '',
    '## Contacts list over the imported contacts (GET /api/contacts, 50 timed requests after 10 warm-up)',
    '',
    '| Database | Query | Matches (total) | p50 | p95 | Load |',
    '|---|---|---:|---:|---:|---:|',
    ...lists.map(
      (list) =>
        `| ${list.database} | \`${list.query}\` | ${list.total.toLocaleString('en-US')}${list.capped ? '+ (capped)' : ''} | ${list.p50.toFixed(1)} ms | ${list.p95.toFixed(1)} ms | ${list.load} |`,
    ),
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ];
  const path = join(ROOT, 'bench/RESULTS.md');
  let existing = '';
  try {
    existing = await readFile(path, 'utf8');
  } catch {
    // first run
  }
  const marker = '<!-- import-bench -->';
  const section = `${marker}\n${lines.join('\n')}${marker}`;
  const next = existing.includes(marker)
    ? existing.replace(new RegExp(`${marker}[\\s\\S]*${marker}`), section)
    : `${existing}${existing ? '\n' : ''}${section}\n`;
  await writeFile(path, next);
  console.info(lines.join('\n'));
}

await main();
