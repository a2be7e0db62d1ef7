/**
 * Contacts list benchmark (issue 40): GET /api/contacts over a million contacts imported through
 * the API (bench/import's CSV: the phone prefix +4474001 matches ~90,000 of the oldest contacts,
 * behind 810,000 newer ones), p50/p95 of 50 requests after 10 warm-up, on PGlite and PostgreSQL.
 * Beside them, in the same run, the unfiltered first page (the floor: HTTP, sign-in check,
 * presenting 20 rows). The import is the one bench/import measures; this measures the list only,
 * so it can run again and again on kept data:
 *
 *   node_modules/.bin/node bench/contacts-list/run.ts [--rows 1000000] [--only pglite|postgres]
 *     [--pg postgres://postgres@127.0.0.1:5432/postgres] [--database sms_bench_list] [--data-dir DIR] [--keep] [--rounds 1]
 *
 * --database / --data-dir: the PostgreSQL database / PGlite data directory to use; when it already
 * holds contacts (a run with --keep) the import is skipped. Without --keep both are removed at the
 * end. --rounds N: the list measured N times (the spread). Writes its section of bench/RESULTS.md.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { writeCsv } from '../import/generate.ts';
import { api, importContacts, signIn, startServer, stopProcess, writeResultsSection } from '../lib/bench-server.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    only: { type: 'string' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'sms_bench_list' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
    port: { type: 'string', default: '39417' },
  },
});
const PORT = Number(args.port);
const PREFIX = encodeURIComponent('+4474001');
const QUERIES = [
  { label: 'first page, no filter (reference)', query: 'limit=20' },
  { label: 'phone prefix alone', query: `search=${PREFIX}&limit=20` },
  { label: 'phone prefix alone, second page', query: `search=${PREFIX}&limit=20&skip=20` },
  { label: 'tag1 + phone prefix', query: `tag1=group-1&search=${PREFIX}&limit=20` },
  { label: 'tag1 + name', query: 'tag1=group-1&search=Ann&limit=20' },
];
const load = () => Number(loadavg()[0]!.toFixed(1));

interface Measure {
  database: string;
  round: number;
  label: string;
  query: string;
  p50: number;
  p95: number;
  total: string;
  load: number;
}

async function measureList(database: string, round: number, token: string): Promise<Measure[]> {
  const out: Measure[] = [];
  for (const { label, query } of QUERIES) {
    const times: number[] = [];
    let total = '';
    for (let request = 0; request < 60; request++) {
      const started = performance.now();
      const answer = await api<{ total: number; totalCapped: boolean }>(PORT, 'GET', `/api/contacts?${query}`, token);
      if (request >= 10) times.push(performance.now() - started);
      total = `${answer.total.toLocaleString('en-US')}${answer.totalCapped ? '+' : ''}`;
    }
    times.sort((a, b) => a - b);
    const measure = {
      database,
      round,
      label,
      query,
      p50: times[Math.floor(times.length * 0.5)]!,
      p95: times[Math.floor(times.length * 0.95)]!,
      total,
      load: load(),
    };
    console.info(measure);
    out.push(measure);
  }
  return out;
}

/** Starts a server on the data, imports the CSV when it holds no contacts yet, and measures. */
async function onServer(database: string, env: Record<string, string>, csv: () => Promise<string>): Promise<Measure[]> {
  const server = await startServer(env, PORT);
  try {
    const token = await signIn(PORT);
    const { total } = await api<{ total: number }>(PORT, 'GET', '/api/contacts?limit=1', token);
    if (total === 0) {
      console.info(`${database}: importing ${args.rows} rows`);
      await importContacts(PORT, token, await csv());
    }
    const measures: Measure[] = [];
    for (let round = 1; round <= Number(args.rounds); round++) measures.push(...(await measureList(database, round, token)));
    return measures;
  } finally {
    await stopProcess(server);
  }
}

const work = await mkdtemp(join(tmpdir(), 'sms-bench-list-'));
let csvPath: string | undefined;
const csv = async () => {
  if (!csvPath) {
    csvPath = join(work, 'contacts.csv');
    await writeCsv(csvPath, Number(args.rows));
  }
  return csvPath;
};
const startedAt = new Date();
const loadAtStart = loadavg()
  .map((n) => n.toFixed(1))
  .join(', ');
const measures: Measure[] = [];
try {
  if (args.only !== 'postgres') {
    const dataDir = args['data-dir'] ?? join(work, 'pglite');
    const existed = existsSync(dataDir);
    try {
      measures.push(...(await onServer('PGlite', { DATABASE_URL: '', DATA_DIR: dataDir }, csv)));
    } finally {
      if (!args.keep && (!existed || !args['data-dir'])) await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (args.only !== 'pglite') {
    const admin = new pg.Client({ connectionString: args.pg });
    await admin.connect();
    const name = args.database!;
    if (!(await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) await admin.query(`create database ${name}`);
    const url = new URL(args.pg!);
    url.pathname = `/${name}`;
    try {
      measures.push(...(await onServer('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: join(work, 'pg-data') }, csv)));
    } finally {
      if (!args.keep) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const spread = (values: number[]) => (values.length > 1 ? ` (${values.map((value) => value.toFixed(1)).join(', ')})` : '');
const rows = [];
for (const database of ['PGlite', 'PostgreSQL'])
  for (const { label, query } of QUERIES) {
    const runs = measures.filter((measure) => measure.database === database && measure.query === query);
    if (!runs.length) continue;
    const median = (key: 'p50' | 'p95') => [...runs.map((run) => run[key])].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    rows.push(
      `| ${database} | ${label}: \`${query}\` | ${runs[0]!.total} | ${median('p50').toFixed(1)} ms | ${median('p95').toFixed(1)} ms${spread(runs.map((run) => run.p95))} | ${Math.max(...runs.map((run) => run.load))} |`,
    );
  }
const section = `
## Contacts list over 1M imported contacts (bench/contacts-list/run.ts)

${cpus().length} CPUs (${cpus()[0]?.model.trim()}), Node ${process.version}; ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC,
load average at start ${loadAtStart}. ${args.rows} CSV rows imported through the API (bench/import's data), 50 timed
requests after 10 warm-up per query and round, ${args.rounds} round(s): the p50 and p95 are the rounds' medians, each
round's p95 in brackets. "Load" is the highest 1-minute load average seen after a query. The first row of each database
is the reference of the same run (no filter: the HTTP and presenting floor).

| Database | Query | Matches | p50 | p95 | Load |
|---|---|---:|---:|---:|---:|
${rows.join('\n')}
`;
await writeResultsSection('contacts-list-bench', section);
console.info(section);
