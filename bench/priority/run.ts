/**
 * Priority benchmark (issue 20): does a high-priority API message overtake a campaign at full speed?
 * Through the real server process (API + worker) on PostgreSQL and a real SMPP peer in its own process
 * on loopback, receipts on, rate limit off:
 *  - reference: a campaign to N recipients alone (sustained rate between 10% and 90% delivered);
 *  - loaded: the same campaign on a fresh database, with M `priority: high` POST /api/v1/messages spread
 *    evenly over its sending; each message's latency is API call -> its submit_sm accepted by the peer
 *    (the peer notes the arrival time of each watched destination, same host clock).
 * Runs go in alternating pairs (reference, loaded, reference, loaded, ...; --pairs, default 3): each
 * loaded run's rate is compared with the reference run just before it, so a host whose speed drifts
 * (shared CPUs) moves both sides of a pair alike; the verdict takes the median of the pairs' changes.
 * The latency percentiles are over every loaded run's messages together.
 *
 *   node_modules/.bin/node bench/priority/run.ts [--pairs 3] [--recipients 200000] [--messages 500] [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Writes its section of bench/RESULTS.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { api, freshPostgres, ROOT, signIn, sleep, startServer, stopProcess, writeResultsSection } from '../lib/bench-server.ts';

const { values: args } = parseArgs({
  options: {
    recipients: { type: 'string', default: '200000' },
    messages: { type: 'string', default: '500' },
    pairs: { type: 'string', default: '3' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'sms_bench_priority' },
    port: { type: 'string' },
    window: { type: 'string', default: '100' },
  },
});
/** A port no one listens on now (other benchmarks may run on this host: never talk to their server). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const PORT = args.port ? Number(args.port) : await freePort();
const RECIPIENTS = Number(args.recipients);
const MESSAGES = Number(args.messages);
const PAIRS = Number(args.pairs);
if (!Number.isInteger(PAIRS) || PAIRS < 1) throw new Error('--pairs: a whole number of at least 1');
/** API messages go to numbers no campaign contact has, so the peer can tell their submits apart. */
const WATCH_PREFIX = '+447900';
const apiPhone = (i: number) => `${WATCH_PREFIX}${String(i).padStart(6, '0')}`;

interface Peer {
  child: ChildProcess;
  smppPort: number;
  httpPort: number;
}

async function startPeer(): Promise<Peer> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'apps/server/test/smpp-peer.ts'), '--port', '0', '--receipt-delay-ms', '0', '--watch-prefix', WATCH_PREFIX],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  for await (const line of createInterface({ input: child.stdout! })) {
    const ready = JSON.parse(line) as { smppPort: number; httpPort: number };
    return { child, smppPort: ready.smppPort, httpPort: ready.httpPort };
  }
  throw new Error('peer did not start');
}

const arrivals = async (peer: Peer) => (await (await fetch(`http://127.0.0.1:${peer.httpPort}/arrivals`)).json()) as Record<string, number>;

interface Measured {
  sustained: number;
  sendingMs: number;
  latencies: number[];
  apiMs: number[];
  /** GET /api/health answer times while the campaign sends: how long any request waits for the server's event loop. */
  healthMs: number[];
  missing: number;
}

/**
 * Fresh database with `RECIPIENTS` contacts, one server and peer; launches a campaign to all and follows
 * it until every message is delivered. With `priority`, sends the high-priority messages meanwhile.
 */
async function measure(priority: { spreadMs: number } | null): Promise<Measured> {
  const database = await freshPostgres(args.pg!, args.database!);
  const peer = await startPeer();
  const server = await startServer({ DATABASE_URL: database.url }, PORT);
  try {
    const token = await signIn(PORT);
    await api(PORT, 'POST', '/api/gateways', token, {
      name: 'Loopback SMSC',
      kind: 'smpp',
      isDefault: true,
      config: { host: '127.0.0.1', port: peer.smppPort, systemId: 'test', windowSize: Number(args.window) },
      secrets: { password: 'secret' },
    });
    const { secret } = await api<{ secret: string }>(PORT, 'POST', '/api/api-keys', token, {
      name: 'Priority bench',
      scopes: ['messages:send'],
      rateLimit: 1000,
    });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // Time-ordered UUIDv7 ids, as the server makes them (same insert as bench/dispatch).
    await client.query(
      `insert into contacts (id, phone, first_name, tag1)
      select (lpad(to_hex(1760000000000 + i), 12, '0') || '7000' || '8000' || lpad(to_hex(i), 12, '0'))::uuid,
        '+4477' || lpad(i::text, 8, '0'), 'Person ' || i, 'group-' || (i % 50)
      from generate_series(1, $1) as i`,
      [RECIPIENTS],
    );
    await client.query('vacuum analyze contacts');
    await client.end();

    const created = await api<{ campaign: { id: string } }>(PORT, 'POST', '/api/campaigns', token, {
      name: `Priority bench ${RECIPIENTS}`,
      body: 'Hello {{first_name}}, your appointment is confirmed for Tuesday at 10:30.',
      audience: { type: 'all' },
    });
    const id = created.campaign.id;
    const launched = performance.now();
    await api(PORT, 'POST', `/api/campaigns/${id}/launch`, token);

    const calls: Array<Promise<void>> = [];
    const sentAt = new Map<string, number>();
    const apiMs: number[] = [];
    let sendingFrom = 0;
    const samples: Array<{ at: number; delivered: number }> = [];
    const healthMs: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const begin = performance.now();
        await fetch(`http://127.0.0.1:${PORT}/api/health`);
        healthMs.push(performance.now() - begin);
        await sleep(100);
      }
    })();
    for (;;) {
      const { campaign } = await api<{ campaign: { status: string; audienceReady: boolean; counts: Record<string, number> } }>(
        PORT,
        'GET',
        `/api/campaigns/${id}`,
        token,
      );
      const now = performance.now() - launched;
      const delivered = campaign.counts.delivered ?? 0;
      if (!sendingFrom && campaign.audienceReady) {
        sendingFrom = now;
        if (priority) calls.push(sendHighPriority(secret, priority.spreadMs, sentAt, apiMs));
      }
      samples.push({ at: now, delivered });
      if (delivered === RECIPIENTS) break;
      if (['failed', 'cancelled', 'paused'].includes(campaign.status)) throw new Error(`campaign ${campaign.status}`);
      await sleep(250);
    }
    const totalMs = performance.now() - launched;
    probing = false;
    await probe;
    await Promise.all(calls);
    await sleep(2_000);
    const seen = await arrivals(peer);
    const latencies: number[] = [];
    let missing = 0;
    for (const [phone, at] of sentAt) {
      const arrived = seen[phone];
      if (arrived === undefined) missing++;
      else latencies.push(arrived - at);
    }
    const at = (share: number) => samples.find((sample) => sample.delivered >= RECIPIENTS * share)?.at ?? totalMs;
    return {
      sustained: Math.round((RECIPIENTS * 0.8) / ((at(0.9) - at(0.1)) / 1000)),
      sendingMs: totalMs - sendingFrom,
      latencies,
      apiMs,
      healthMs,
      missing,
    };
  } finally {
    await stopProcess(server);
    await stopProcess(peer.child);
    await database.drop();
  }
}

/** MESSAGES calls, one every spreadMs / MESSAGES, each on its own (a slow answer does not delay the next). */
async function sendHighPriority(secret: string, spreadMs: number, sentAt: Map<string, number>, apiMs: number[]): Promise<void> {
  const every = spreadMs / MESSAGES;
  const started = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < MESSAGES; i++) {
    const due = started + i * every - performance.now();
    if (due > 0) await sleep(due);
    const to = apiPhone(i);
    inFlight.push(
      (async () => {
        const begin = Date.now();
        sentAt.set(to, begin);
        const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ to, body: `Your code is ${100000 + i}`, priority: 'high', reference: `bench-${i}` }),
        });
        apiMs.push(Date.now() - begin);
        if (response.status !== 202) throw new Error(`POST /api/v1/messages: ${response.status} ${await response.text()}`);
      })(),
    );
  }
  await Promise.all(inFlight);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ascending = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => {
  const sorted = ascending(values);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};
const fmt = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${fmt(Math.round(n))} ms`;
const pct = (n: number) => `${n >= 0 ? '+' : '-'}${Math.abs(n).toFixed(1)}%`;
const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const utc = (date: Date) => date.toISOString().slice(11, 16);

interface Pair {
  startedAt: Date;
  load: string;
  reference: Measured;
  loaded: Measured;
  /** The loaded run's rate against its reference's, in percent (negative: slower under load). */
  change: number;
  p99: number;
}

const startedAt = new Date();
const load = loadNow();
const pairs: Pair[] = [];
for (let i = 1; i <= PAIRS; i++) {
  const pairStarted = new Date();
  const pairLoad = loadNow();
  const reference = await measure(null);
  console.info(
    `pair ${i}/${PAIRS} reference: ${fmt(reference.sustained)} msg/s, sending ${ms(reference.sendingMs)} (load at start ${pairLoad})`,
  );
  // Spread the API calls over the middle 80% of this pair's reference sending time.
  const loaded = await measure({ spreadMs: reference.sendingMs * 0.8 });
  const change = ((loaded.sustained - reference.sustained) / reference.sustained) * 100;
  const p99 = percentile(ascending(loaded.latencies), 99);
  console.info(`pair ${i}/${PAIRS} loaded: ${fmt(loaded.sustained)} msg/s (${pct(change)}), API call -> SMSC p99 ${ms(p99)}`);
  pairs.push({ startedAt: pairStarted, load: pairLoad, reference, loaded, change, p99 });
}
const loadAfter = loadNow();

const all = (pick: (pair: Pair) => number[]) => ascending(pairs.flatMap(pick));
const sorted = all((pair) => pair.loaded.latencies);
const apiSorted = all((pair) => pair.loaded.apiMs);
const health = (pick: (pair: Pair) => number[]) => {
  const sortedHealth = all(pick);
  return `${ms(percentile(sortedHealth, 50))} / ${ms(percentile(sortedHealth, 99))}`;
};
const change = median(pairs.map((pair) => pair.change));
const p99 = percentile(sorted, 99);
const missing = pairs.reduce((sum, pair) => sum + pair.loaded.missing, 0);
const pairRows = pairs
  .map(
    (pair, i) =>
      `| ${i + 1} | ${utc(pair.startedAt)} | ${pair.load} | ${fmt(pair.reference.sustained)} msg/s | ${fmt(pair.loaded.sustained)} msg/s | ${pct(pair.change)} | ${ms(pair.p99)} |`,
  )
  .join('\n');

const section = `
## Priority lane under a campaign (bench/priority/run.ts)

Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL on the same host;
${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at start ${load}, at the end ${loadAfter} (the host is shared). Server: one process (API + worker),
default dispatch settings (batches of 500, 4 campaign lanes + 1 one-off lane), SMPP window ${args.window}, receipts on, no rate limit;
peer and benchmark client are separate processes on the same CPUs. Each run on a fresh database with ${fmt(RECIPIENTS)} contacts.
${PAIRS} pairs of runs in turn (reference, loaded, reference, loaded, ...): each loaded run's rate is compared with the reference
run just before it, and the verdict takes the median of the pairs' changes (the host's speed drifts between runs; a pair's two
runs are minutes apart). Latency: the client's clock before POST /api/v1/messages -> the peer's clock when it accepts that
message's submit_sm, over the ${fmt(sorted.length + missing)} messages of all loaded runs.

| Measure | Reference (campaign alone) | With ${fmt(MESSAGES)} high-priority API messages |
|---|---:|---:|
| Campaign sustained rate (10-90% delivered), median of ${PAIRS} runs | ${fmt(Math.round(median(pairs.map((pair) => pair.reference.sustained))))} msg/s | ${fmt(Math.round(median(pairs.map((pair) => pair.loaded.sustained))))} msg/s |
| Rate change within each pair, median (pairs below) | | ${pct(change)} |
| Campaign sending time (audience ready -> all delivered), median | ${ms(median(pairs.map((pair) => pair.reference.sendingMs)))} | ${ms(median(pairs.map((pair) => pair.loaded.sendingMs)))} |
| API call -> submit_sm at the SMSC, p50 / p95 / p99 / max | | ${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))} / ${ms(p99)} / ${ms(sorted.at(-1) ?? NaN)} |
| POST /api/v1/messages answer (202), p50 / p99 | | ${ms(percentile(apiSorted, 50))} / ${ms(percentile(apiSorted, 99))} |
| GET /api/health answer while sending (event loop), p50 / p99 | ${health((pair) => pair.reference.healthMs)} | ${health((pair) => pair.loaded.healthMs)} |
| API messages measured / not seen at the SMSC | | ${fmt(sorted.length)} / ${fmt(missing)} |

| Pair | Start (UTC) | Load average at start | Reference | With API messages | Change | API call -> SMSC p99 |
|---|---|---|---:|---:|---:|---:|
${pairRows}

Targets: p99 <= 500 ms (${p99 <= 500 ? 'met' : 'NOT met'}); campaign rate drop <= 10%, median of the pairs (${change >= -10 ? 'met' : 'NOT met'}).
`;
await writeResultsSection('priority-bench', section);
console.info(section);
