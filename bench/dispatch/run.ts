/**
 * Sending benchmark (issue 5): through the real server process and a real SMPP peer in its own
 * process on loopback, with delivery receipts processed.
 *  - Launch fan-out: time from launch to every recipient materialised (audience ready), for a
 *    campaign to every contact (PostgreSQL: 1,000,000).
 *  - Dispatch: launch -> every message delivered (receipt stored), rate limit off; the sustained
 *    rate is measured between 10% and 90% delivered.
 *  - Beside it, in the same run, the `smpp` client alone against the same kind of peer
 *    (bench/smpp/raw-client.ts), the physical limit of this machine's loopback SMPP.
 * Contacts are inserted with SQL on PostgreSQL (a fresh database for each of the two measurements)
 * and through the import API on PGlite.
 *
 *   node_modules/.bin/node bench/dispatch/run.ts [--fanout 1000000] [--dispatch 200000] [--pglite-dispatch 50000]
 *                                                [--only postgres|pglite] [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *                                                [--report-triggers off] [--skip-raw] [--workers N] [--database-name sms_bench_dispatch]
 * --report-triggers off: PostgreSQL without the triggers that keep the reports' aggregates
 * (migration 0033), to measure what they cost the sending path; --skip-raw: no raw `smpp` client run;
 * --workers N: on PostgreSQL, an API process (RUN_WORKER=false) and N worker processes (`npm run worker`)
 * instead of one process with both.
 * Beside each rate: CPU seconds per 1,000 messages, from launch to the last receipt stored, of the
 * API process, the worker process(es) and the database's backends (/proc utime + stime; PGlite runs
 * inside the server process), and of the SMPP peer: capacity per core, for planning a scale-out.
 *
 * Writes its section of bench/RESULTS.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { writeCsv } from '../import/generate.ts';
import {
  api,
  cpuSeconds,
  freshPostgres,
  importContacts,
  peakRss,
  postgresCpuSeconds,
  resetPeak,
  ROOT,
  signIn,
  sleep,
  startServer,
  startWorker,
  stopProcess,
  writeResultsSection,
} from '../lib/bench-server.ts';

const { values: args } = parseArgs({
  options: {
    fanout: { type: 'string', default: '1000000' },
    dispatch: { type: 'string', default: '200000' },
    'pglite-dispatch': { type: 'string', default: '50000' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    only: { type: 'string' },
    port: { type: 'string', default: '39317' },
    window: { type: 'string', default: '100' },
    'report-triggers': { type: 'string', default: 'on' },
    'skip-raw': { type: 'boolean', default: false },
    'skip-fanout': { type: 'boolean', default: false },
    workers: { type: 'string', default: '0' },
    // The PostgreSQL database the measurements create and drop (helpers sharing a cluster each take their own).
    'database-name': { type: 'string', default: 'sms_bench_dispatch' },
    // scraped: the server serves METRICS_PORT and this bench scrapes it every second (decision
    // 091); off: nothing served. Either way the figures go to a section of their own.
    metrics: { type: 'string' },
  },
});
const METRICS_PORT = Number(args.port) + 1;
const scraped = args.metrics === 'scraped';
/** Scrapes the server's metrics every second, as a (busy) Prometheus would; answers how to stop and how many scrapes were served. */
function scrapeEverySecond(): { stop: () => number } {
  let served = 0;
  const timer = setInterval(() => {
    fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`).then(
      async (response) => {
        await response.text();
        if (response.ok) served += 1;
      },
      () => {},
    );
  }, 1000);
  return {
    stop: () => {
      clearInterval(timer);
      return served;
    },
  };
}
const PORT = Number(args.port);

interface Peer {
  child: ChildProcess;
  smppPort: number;
  httpPort: number;
}

async function startPeer(): Promise<Peer> {
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/test/smpp-peer.ts'), '--port', '0', '--receipt-delay-ms', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const ready = JSON.parse(line) as { smppPort: number; httpPort: number };
    return { child, smppPort: ready.smppPort, httpPort: ready.httpPort };
  }
  throw new Error('peer did not start');
}

const peerStats = async (peer: Peer) =>
  (await (await fetch(`http://127.0.0.1:${peer.httpPort}/stats`)).json()) as { accepted: number; duplicates: number };

/** Creates the SMPP gateway (default, no rate limit) pointing at the peer. */
async function smppGateway(token: string, peer: Peer): Promise<void> {
  await api(PORT, 'POST', '/api/gateways', token, {
    name: 'Loopback SMSC',
    kind: 'smpp',
    isDefault: true,
    config: { host: '127.0.0.1', port: peer.smppPort, systemId: 'test', windowSize: Number(args.window) },
    secrets: { password: 'secret' },
  });
}

interface CampaignView {
  status: string;
  audienceReady: boolean;
  counts: Record<string, number>;
}

/** The processes whose CPU a run measures; `database`: the PostgreSQL database whose backends count (none on PGlite). */
interface Measured {
  api: number;
  workers: number[];
  peer: number;
  database?: string;
}

/** CPU seconds used so far by each measured process (the workers summed). */
async function cpuNow(measured: Measured): Promise<{ api: number; workers: number; database: number; peer: number }> {
  let workers = 0;
  for (const pid of measured.workers) workers += await cpuSeconds(pid);
  return {
    api: await cpuSeconds(measured.api),
    workers,
    database: measured.database ? await postgresCpuSeconds(measured.database) : 0,
    peer: await cpuSeconds(measured.peer),
  };
}

/** CPU seconds per 1,000 messages between two readings, as a table cell. */
function cpuCell(
  before: Awaited<ReturnType<typeof cpuNow>>,
  after: Awaited<ReturnType<typeof cpuNow>>,
  messages: number,
  measured: Measured,
): string {
  const per = (key: keyof typeof before) => (((after[key] - before[key]) * 1000) / messages).toFixed(3);
  const parts = measured.workers.length
    ? [`API ${per('api')}`, `worker${measured.workers.length > 1 ? `s (${measured.workers.length})` : ''} ${per('workers')}`]
    : [`server (API + worker${measured.database ? '' : ' + PGlite'}) ${per('api')}`];
  if (measured.database) parts.push(`PostgreSQL backends ${per('database')}`);
  parts.push(`peer ${per('peer')}`);
  return parts.join(', ');
}

/** Launches a campaign and follows it; answers fan-out time, end-to-end time, sustained rate and CPU per 1,000 messages. */
async function runCampaign(token: string, audience: unknown, recipients: number, measured: Measured, waitForDelivery: boolean) {
  const pid = measured.api;
  const created = await api<{ campaign: { id: string } }>(PORT, 'POST', '/api/campaigns', token, {
    name: `Bench ${recipients}`,
    body: 'Hello {{first_name}}, your appointment is confirmed for Tuesday at 10:30.',
    audience,
  });
  const id = created.campaign.id;
  await resetPeak(pid);
  const cpuBefore = await cpuNow(measured);
  const started = performance.now();
  await api(PORT, 'POST', `/api/campaigns/${id}/launch`, token);
  let fanoutMs = 0;
  const samples: Array<{ at: number; delivered: number }> = [];
  for (;;) {
    const { campaign } = await api<{ campaign: CampaignView }>(PORT, 'GET', `/api/campaigns/${id}`, token);
    const now = performance.now() - started;
    if (!fanoutMs && campaign.audienceReady) {
      fanoutMs = now;
      if (!waitForDelivery) {
        await api(PORT, 'POST', `/api/campaigns/${id}/cancel`, token);
        break;
      }
    }
    samples.push({ at: now, delivered: campaign.counts.delivered ?? 0 });
    if (campaign.counts.delivered === recipients) break;
    if (['failed', 'cancelled', 'paused'].includes(campaign.status))
      throw new Error(`campaign ${campaign.status}: ${JSON.stringify(campaign)}`);
    await sleep(250);
  }
  const totalMs = performance.now() - started;
  const cpu = cpuCell(cpuBefore, await cpuNow(measured), recipients, measured);
  const at = (share: number) => samples.find((sample) => sample.delivered >= recipients * share)?.at ?? totalMs;
  const sustained = waitForDelivery ? Math.round((recipients * 0.8) / ((at(0.9) - at(0.1)) / 1000)) : 0;
  return {
    id,
    fanoutMs,
    totalMs,
    sustained,
    endToEnd: Math.round(recipients / ((totalMs - fanoutMs) / 1000)),
    peakRssMb: Math.round(await peakRss(pid)),
    cpu,
  };
}

/** The `smpp` client alone against a peer process (bench/smpp/raw-client.ts), same message count. */
async function rawSmppRate(messages: number): Promise<{ raw: number; gateway: number }> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bench/smpp/raw-client.ts'), '--messages', String(messages), '--window', args.window!],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  // Lines: "<label>   12,345 msg/s submitted, 11,111 msg/s with all receipts in".
  const rate = (label: string) => {
    const line = output.split('\n').find((candidate) => candidate.startsWith(label)) ?? '';
    return Number(/([\d,]+) msg\/s with all receipts in/.exec(line)?.[1]?.replace(/,/g, '') ?? 0);
  };
  return { raw: rate('smpp client alone'), gateway: rate('gateway (batches') };
}

const results: string[] = [];
const row = (cells: Array<string | number>) => results.push(`| ${cells.join(' | ')} |`);
const fmt = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * One PostgreSQL measurement on a fresh database and server with `count` contacts: fan-out and
 * dispatch each get their own, so the dispatch figure does not include cleaning up after a
 * cancelled million-recipient campaign in the same database.
 */
async function onFreshPostgres(count: number, measure: (token: string, peer: Peer, measured: Measured) => Promise<void>): Promise<void> {
  const name = args['database-name']!;
  const database = await freshPostgres(args.pg!, name);
  const peer = await startPeer();
  const split = Number(args.workers) > 0;
  const server = await startServer(
    { DATABASE_URL: database.url, ...(split ? { RUN_WORKER: 'false' } : {}), ...(scraped ? { METRICS_PORT: String(METRICS_PORT) } : {}) },
    PORT,
  );
  const workers: ChildProcess[] = [];
  for (let index = 0; index < Number(args.workers); index++) workers.push(await startWorker({ DATABASE_URL: database.url }));
  const scraper = scraped ? scrapeEverySecond() : undefined;
  try {
    const token = await signIn(PORT);
    await smppGateway(token, peer);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // Ids are time-ordered UUIDv7, as the server makes them (db/uuidv7.ts), not the column's SQL default.
    await client.query(
      `insert into contacts (id, phone, first_name, tag1)
      select (lpad(to_hex(1760000000000 + i), 12, '0') || '7000' || '8000' || lpad(to_hex(i), 12, '0'))::uuid,
        '+4477' || lpad(i::text, 8, '0'), 'Person ' || i, 'group-' || (i % 50)
      from generate_series(1, $1) as i`,
      [count],
    );
    await client.query('vacuum analyze contacts');
    if (args['report-triggers'] === 'off') {
      await client.query(`alter table messages disable trigger messages_report_insert, disable trigger messages_report_update,
        disable trigger messages_report_delete, disable trigger messages_tag1_at_insert`);
    }
    await client.end();
    await measure(token, peer, { api: server.pid!, workers: workers.map((worker) => worker.pid!), peer: peer.child.pid!, database: name });
    const scrapes = scraper?.stop();
    if (scrapes !== undefined) results.push(`<!-- scrapes served: ${scrapes} -->`);
  } finally {
    scraper?.stop();
    for (const worker of workers) await stopProcess(worker);
    await stopProcess(server);
    await stopProcess(peer.child);
    await database.drop();
  }
}

/**
 * The fan-out's physical floor in the same run: the same rows (every contact, in id order) written
 * by one statement into a table shaped like messages (defaults, identity) with no index, trigger
 * or constraint to maintain. Answers its time in ms.
 */
async function plainInsertReference(database: string): Promise<number> {
  const url = new URL(args.pg!);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query('create table bench_messages_plain (like messages including defaults including identity)');
    await client.query('checkpoint');
    const started = performance.now();
    await client.query(`insert into bench_messages_plain (kind, campaign_id, contact_id, gateway_id, phone, sender_id, tag1)
      select 'campaign', '0190b000-0000-7000-8000-000000000001'::uuid, id, null, phone, null, coalesce(tag1, '') from contacts order by id`);
    return performance.now() - started;
  } finally {
    await client.query('drop table if exists bench_messages_plain');
    await client.end();
  }
}

async function benchPostgres(): Promise<void> {
  const fanoutCount = Number(args.fanout);
  const dispatchCount = Number(args.dispatch);
  if (!args['skip-fanout'])
    await onFreshPostgres(fanoutCount, async (token, _peer, measured) => {
      const fanout = await runCampaign(token, { type: 'all' }, fanoutCount, measured, false);
      row([
        'PostgreSQL',
        'launch fan-out (materialise recipients)',
        fmt(fanoutCount),
        seconds(fanout.fanoutMs),
        `${fmt(Math.round(fanoutCount / (fanout.fanoutMs / 1000)))} rows/s`,
        `${fanout.peakRssMb} MB`,
        '',
      ]);
      const plainMs = await plainInsertReference(measured.database!);
      row([
        'PostgreSQL',
        'reference: the same rows by one plain `insert ... select` into a copy of messages without indexes or triggers (psql-like, same database)',
        fmt(fanoutCount),
        seconds(plainMs),
        `${fmt(Math.round(fanoutCount / (plainMs / 1000)))} rows/s`,
        '',
        '',
      ]);
    });
  if (dispatchCount === 0) return; // --dispatch 0: the fan-out alone
  await onFreshPostgres(dispatchCount, async (token, peer, measured) => {
    const before = await peerStats(peer);
    const dispatch = await runCampaign(token, { type: 'all' }, dispatchCount, measured, true);
    const after = await peerStats(peer);
    row([
      'PostgreSQL',
      `dispatch to SMPP peer, receipts stored${Number(args.workers) > 0 ? ` (API + ${args.workers} worker processes)` : ''}`,
      fmt(dispatchCount),
      seconds(dispatch.totalMs),
      `${fmt(dispatch.sustained)} msg/s sustained (10-90%), ${fmt(dispatch.endToEnd)} msg/s after fan-out`,
      `${dispatch.peakRssMb} MB`,
      dispatch.cpu,
    ]);
    results.push(`<!-- pg duplicates at the peer: ${after.duplicates - before.duplicates} -->`);
  });
}

async function benchPglite(): Promise<void> {
  const count = Number(args['pglite-dispatch']);
  const dataDir = await mkdtemp(join(tmpdir(), 'sms-bench-dispatch-'));
  const peer = await startPeer();
  const server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir }, PORT);
  try {
    const token = await signIn(PORT);
    await smppGateway(token, peer);
    const csv = join(dataDir, 'contacts.csv');
    await writeCsv(csv, count);
    const created = await importContacts(PORT, token, csv);
    const dispatch = await runCampaign(token, { type: 'all' }, created, { api: server.pid!, workers: [], peer: peer.child.pid! }, true);
    row([
      'PGlite',
      'launch fan-out (materialise recipients)',
      fmt(created),
      seconds(dispatch.fanoutMs),
      `${fmt(Math.round(created / (dispatch.fanoutMs / 1000)))} rows/s`,
      '',
      '',
    ]);
    row([
      'PGlite',
      'dispatch to SMPP peer, receipts stored',
      fmt(created),
      seconds(dispatch.totalMs),
      `${fmt(dispatch.sustained)} msg/s sustained (10-90%), ${fmt(dispatch.endToEnd)} msg/s after fan-out`,
      `${dispatch.peakRssMb} MB`,
      dispatch.cpu,
    ]);
  } finally {
    await stopProcess(server);
    await stopProcess(peer.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const startedAt = new Date();
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(', ');
if (args.only !== 'pglite') await benchPostgres();
if (args.only !== 'postgres') await benchPglite();
if (!args['skip-raw']) {
  const smpp = await rawSmppRate(Number(args.dispatch));
  row([
    '-',
    `\`smpp\` client alone vs the same peer (window ${args.window})`,
    fmt(Number(args.dispatch)),
    '',
    `${fmt(smpp.raw)} msg/s raw, ${fmt(smpp.gateway)} msg/s through createSmppGateway`,
    '',
    '',
  ]);
}

const section = `
## Sending (bench/dispatch/run.ts${args.metrics ? `, metrics ${args.metrics}` : ''})

Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL on the same host;
${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at start ${load}. Server: one process (API + worker), default
dispatch settings (batches of 500, 4 lanes), SMPP window ${args.window}${Number(args.workers) > 0 ? `; on PostgreSQL an API process and ${args.workers} worker process(es)` : ''}; peer and benchmark client are separate processes on the same 2 CPUs.

| Database | Measure | Recipients | Time | Rate | Peak RSS (server) | CPU s per 1,000 messages (launch to last receipt) |
|---|---|---:|---:|---|---:|---|
${results.filter((line) => line.startsWith('|')).join('\n')}
`;
await writeResultsSection(args.metrics ? `dispatch-metrics-${args.metrics}-bench` : 'dispatch-bench', section);
console.info(section);
