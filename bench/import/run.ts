/**
 * Import benchmark: the whole path through the HTTP API (upload -> start -> job done) on PGlite
 * and PostgreSQL, for a 1M-row CSV and a 200k-row XLSX, with the server's peak RSS, plus a raw
 * COPY of the same normalised rows (the physical limit) and the contacts list p95 over the
 * imported million. Not part of `npm test`.
 *
 *   npm exec -- node bench/import/run.ts [--rows 1000000] [--xlsx-rows 200000] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--only pglite|postgres]
 *
 * Writes bench/RESULTS.md. Data goes to a temp directory that is removed afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { normalisePhone } from '@sms/contracts/phone';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BENCH_TAG, benchRow, writeCsv, writeXlsx } from './generate.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'xlsx-rows': { type: 'string', default: '200000' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    only: { type: 'string' },
    port: { type: 'string', default: '39217' },
  },
});
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
  counts: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Peak resident set of a process (VmHWM), in MB; reset with clear_refs before each run. */
async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => {});

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/src/main.ts')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', WEB_DIST: join(tmpdir(), 'no-web-dist'), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill();
  throw new Error('server did not start');
}

async function api<T = any>(port: number, method: string, path: string, token?: string, body?: unknown): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signIn(port: number): Promise<string> {
  const credentials = { email: 'bench@example.com', password: 'Bench-Password-42' };
  await api(port, 'POST', '/api/users/register', undefined, { name: 'Bench', ...credentials }).catch(() => {});
  return (await api<{ token: string }>(port, 'POST', '/api/users/login', undefined, credentials)).token;
}

async function runImport(port: number, pid: number, token: string, path: string, name: string, database: string, rows: number): Promise<ImportRun> {
  await resetPeak(pid);
  const started = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(path), name);
  const response = await fetch(`http://127.0.0.1:${port}/api/contacts/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const uploaded = (await response.json()) as { import: { id: string }; preview: { suggestedMapping: Record<string, string> } };
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(uploaded)}`);
  const uploadMs = performance.now() - started;
  const id = uploaded.import.id;
  await api(port, 'POST', `/api/contacts/imports/${id}/start`, token, { mapping: uploaded.preview.suggestedMapping, options: { defaultCountry: 'GB', onDuplicate: 'skip' } });
  let summary: { status: string; counts: Record<string, number>; elapsedMs: number; errorMessage: string | null };
  for (;;) {
    summary = (await api<{ import: typeof summary }>(port, 'GET', `/api/contacts/imports/${id}`, token)).import;
    if (['completed', 'failed', 'cancelled'].includes(summary.status)) break;
    await sleep(100);
  }
  const totalMs = performance.now() - started;
  if (summary.status !== 'completed') throw new Error(`import ${summary.status}: ${summary.errorMessage}`);
  const { rowsRead = 0, created = 0, updated = 0, duplicates = 0, rejected = 0 } = summary.counts;
  if (created + updated + duplicates + rejected !== rowsRead) throw new Error(`counts do not add up: ${JSON.stringify(summary.counts)}`);
  return { database, file: name, rows, uploadMs, jobMs: summary.elapsedMs, totalMs, rowsPerSecond: Math.round(rows / (totalMs / 1000)), peakRssMb: Math.round(await peakRss(pid)), counts: summary.counts };
}

/** p95 and median of GET /api/contacts for two filtered pages (tag1 + phone prefix, tag1 + name). */
async function listLatency(port: number, token: string): Promise<Array<{ query: string; p50: number; p95: number; total: number }>> {
  const queries = [`tag1=${BENCH_TAG}&search=${encodeURIComponent('+4474001')}&limit=20`, `tag1=${BENCH_TAG}&search=Ann&limit=20`];
  const results = [];
  for (const query of queries) {
    const times: number[] = [];
    let total = 0;
    for (let round = 0; round < 60; round++) {
      const started = performance.now();
      const answer = await api<{ total: number }>(port, 'GET', `/api/contacts?${query}`, token);
      if (round >= 10) times.push(performance.now() - started);
      total = answer.total;
    }
    times.sort((a, b) => a - b);
    results.push({ query, p50: times[Math.floor(times.length * 0.5)]!, p95: times[Math.floor(times.length * 0.95)]!, total });
  }
  return results;
}

/** The normalised, deduplicated rows the import stores, as COPY text for contacts. */
function normalisedCopyText(rows: number): { text: string; count: number } {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (let index = 0; index < rows; index++) {
    const [phone, first, last, email, tag, city] = benchRow(index);
    const result = normalisePhone(phone!, 'GB');
    if (!result.ok || seen.has(result.e164)) continue;
    seen.add(result.e164);
    lines.push(`${result.e164}\t${first}\t${last}\t${email}\t${tag}\t${JSON.stringify({ City: city })}\timport\n`);
  }
  return { text: lines.join(''), count: lines.length };
}
const RAW_COLUMNS = 'phone, first_name, last_name, email, tag1, custom_fields, source';

async function rawCopyPostgres(url: string, text: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('truncate contacts');
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
    await db.query('truncate contacts');
    const started = performance.now();
    await db.query(`copy contacts (${RAW_COLUMNS}) from '/dev/blob'`, [], { blob: new Blob([text]) });
    return performance.now() - started;
  } finally {
    await db.close();
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

const main = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sms-bench-import-'));
  const port = Number(args.port);
  const runs: ImportRun[] = [];
  const copies: Array<{ database: string; rows: number; ms: number }> = [];
  const lists: Array<{ database: string; query: string; p50: number; p95: number; total: number }> = [];
  const notes: string[] = [];
  try {
    const csvPath = join(dir, 'contacts-1m.csv');
    const xlsxPath = join(dir, 'contacts-200k.xlsx');
    console.info(`generating ${ROWS} CSV rows and ${XLSX_ROWS} XLSX rows in ${dir}`);
    await writeCsv(csvPath, ROWS);
    await writeXlsx(xlsxPath, XLSX_ROWS);
    const sizes = { csv: (await stat(csvPath)).size, xlsx: (await stat(xlsxPath)).size };
    const normalised = normalisedCopyText(ROWS);

    for (const database of ['pglite', 'postgres'] as const) {
      if (args.only && args.only !== database) continue;
      let env: Record<string, string>;
      let pgUrl: string | undefined;
      let dbName: string | undefined;
      const dataDir = join(dir, `data-${database}`);
      if (database === 'postgres') {
        dbName = `sms_bench_${Date.now().toString(36)}`;
        const admin = new pg.Client({ connectionString: args.pg });
        await admin.connect();
        await admin.query(`create database ${dbName}`);
        await admin.end();
        const url = new URL(args.pg!);
        url.pathname = `/${dbName}`;
        pgUrl = url.toString();
        env = { DATABASE_URL: pgUrl, DATA_DIR: dataDir };
      } else {
        env = { DATA_DIR: dataDir };
      }
      const label = database === 'postgres' ? 'PostgreSQL' : 'PGlite';
      let child = await startServer(env, port);
      try {
        const token = await signIn(port);
        console.info(`${label}: importing the CSV`);
        runs.push(await runImport(port, child.pid!, token, csvPath, 'contacts-1m.csv', label, ROWS));
        console.info(runs.at(-1));
        try {
          for (const result of await listLatency(port, token)) lists.push({ database: label, ...result });
        } catch (error) {
          notes.push(`${label}: contacts list not measured (${(error as Error).message.slice(0, 120)})`);
        }
        console.info(`${label}: importing the XLSX`);
        runs.push(await runImport(port, child.pid!, token, xlsxPath, 'contacts-200k.xlsx', label, XLSX_ROWS));
        console.info(runs.at(-1));
      } finally {
        await stopServer(child);
      }
      console.info(`${label}: raw COPY of ${normalised.count} normalised rows`);
      const ms = database === 'postgres' ? await rawCopyPostgres(pgUrl!, normalised.text) : await rawCopyPglite(join(dataDir, 'pglite'), normalised.text);
      copies.push({ database: label, rows: normalised.count, ms });
      if (dbName) {
        const admin = new pg.Client({ connectionString: args.pg });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
      child = undefined as unknown as ChildProcess;
    }
    await writeResults(sizes, runs, copies, lists, notes);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

async function writeResults(sizes: { csv: number; xlsx: number }, runs: ImportRun[], copies: Array<{ database: string; rows: number; ms: number }>, lists: Array<{ database: string; query: string; p50: number; p95: number; total: number }>, notes: string[]) {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    '# Benchmark results',
    '',
    `Run: ${new Date().toISOString()} · ${cpus().length} CPUs (${cpus()[0]?.model.trim()}) · ${(totalmem() / 1024 ** 3).toFixed(0)} GB RAM · Node ${process.version} · \`npm exec -- node bench/import/run.ts\``,
    '',
    '## Contacts import (through the HTTP API: upload -> start -> job done)',
    '',
    `Data: 6 columns, mixed number formats (E.164, national with spaces, 00-prefix, brackets and dashes; default country GB), 5% invalid numbers, 5% repeated numbers. CSV ${mb(sizes.csv)}, XLSX ${mb(sizes.xlsx)}.`,
    '',
    '| Database | File | Rows | Upload | Job | Total | Rows/s (total) | Peak RSS (server) | Created / duplicates / rejected |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...runs.map((run) => `| ${run.database} | ${run.file} | ${run.rows.toLocaleString('en-US')} | ${s(run.uploadMs)} | ${s(run.jobMs)} | ${s(run.totalMs)} | ${run.rowsPerSecond.toLocaleString('en-US')} | ${run.peakRssMb} MB | ${run.counts.created} / ${run.counts.duplicates} / ${run.counts.rejected} |`),
    '',
    '## Physical limit: raw COPY of the same normalised rows into contacts (same indexes, empty table)',
    '',
    '| Database | Rows | COPY time | Rows/s |',
    '|---|---:|---:|---:|',
    ...copies.map((copy) => `| ${copy.database} | ${copy.rows.toLocaleString('en-US')} | ${s(copy.ms)} | ${Math.round(copy.rows / (copy.ms / 1000)).toLocaleString('en-US')} |`),
    '',
    '## Contacts list over the imported contacts (GET /api/contacts, 50 timed requests after 10 warm-up)',
    '',
    '| Database | Query | Matches | p50 | p95 |',
    '|---|---|---:|---:|---:|',
    ...lists.map((list) => `| ${list.database} | \`${list.query}\` | ${list.total.toLocaleString('en-US')} | ${list.p50.toFixed(1)} ms | ${list.p95.toFixed(1)} ms |`),
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
  const next = existing.includes(marker) ? existing.replace(new RegExp(`${marker}[\\s\\S]*${marker}`), section) : `${existing}${existing ? '\n' : ''}${section}\n`;
  await writeFile(path, next);
  console.info(lines.join('\n'));
}

await main();
