/**
 * Faults benchmark (issue 33): a campaign through the real processes on PostgreSQL (1 API process,
 * --workers worker processes) against an SMSC on another SMPP implementation (Perl's Net::SMPP,
 * apps/server/test/net-smpp-smsc.pl: every 10th recipient answers YES; receipts waiting for a
 * dropped bind are lost, as with an SMSC that ties them to the bind), with, mid-campaign:
 *   1. a real PostgreSQL restart (`pg_ctlcluster <version> main restart`),
 *   2. a second one,
 *   3. the SMSC unreachable for --smsc-outage seconds (a TCP proxy in front of it refuses connections).
 * Nobody acts on the campaign. Recorded: every process alive, the campaign completed by itself,
 * recipients the SMSC never saw (must be 0), duplicates (against their bound, decision 074),
 * replies as counted by the tag1 report against the SMSC's repliers, and the time from the end of
 * each fault to the campaign moving again.
 *
 * Restarts the machine's PostgreSQL: run it on a machine of your own, never in CI.
 *
 *   node_modules/.bin/node bench/faults/run.ts [--recipients 20000] [--workers 3] [--rate 150] [--smsc-outage 60]
 *                                              [--pg postgres://postgres@127.0.0.1:5432/postgres] [--no-write]
 *
 * Exits 1 when a figure is off. Writes its section of bench/RESULTS.md unless --no-write.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startNetSmppSmsc } from '../../apps/server/test/net-smpp-smsc.ts';
import { startTcpProxy } from '../../apps/server/test/tcp-proxy.ts';
import { api, freshPostgres, signIn, sleep, startServer, startWorker, stopProcess, writeResultsSection } from '../lib/bench-server.ts';

const { values: args } = parseArgs({
  options: {
    recipients: { type: 'string', default: '20000' },
    workers: { type: 'string', default: '3' },
    rate: { type: 'string', default: '150' },
    'smsc-outage': { type: 'string', default: '60' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string', default: '39421' },
    'no-write': { type: 'boolean', default: false },
  },
});
const PORT = Number(args.port);
const RECIPIENTS = Number(args.recipients);
const WORKERS = Number(args.workers);
const WINDOW = 100;
const LANES = 4;
const BATCH = 500;
const EVERY = 10;
const SMSC_OUTAGE_S = Number(args['smsc-outage']);

const fmt = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function restartPostgres(): number {
  const version = readdirSync('/etc/postgresql')[0];
  const started = performance.now();
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', String(version), 'main', 'restart'], { stdio: 'inherit' });
  return performance.now() - started;
}

const startedAt = new Date();
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(', ');
const database = await freshPostgres(args.pg!, 'sms_bench_faults');
const smsc = await startNetSmppSmsc({ replyEvery: EVERY, loseReceiptsOnDrop: true });
const smscProxy = await startTcpProxy({ host: '127.0.0.1', port: smsc.port });
const processes: Array<{ name: string; child: ChildProcess; exit?: string }> = [];
const watch = (name: string, child: ChildProcess) => {
  const entry: { name: string; child: ChildProcess; exit?: string } = { name, child };
  child.once('exit', (code, signal) => (entry.exit = `exited ${code ?? signal}`));
  processes.push(entry);
};
/** One statement on a connection of its own: the benchmark's own connections go away with each restart too. */
async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}
let failed = false;
const rows: string[] = [];
const faults: string[] = [];
let smscSummary: string | undefined;
try {
  watch('api', await startServer({ DATABASE_URL: database.url, RUN_WORKER: 'false' }, PORT));
  for (let index = 1; index <= WORKERS; index++)
    watch(
      `worker ${index}`,
      await startWorker({ DATABASE_URL: database.url, DISPATCH_LANES: String(LANES), DISPATCH_BATCH_SIZE: String(BATCH) }),
    );
  const token = await signIn(PORT);
  await api(PORT, 'POST', '/api/gateways', token, {
    name: 'Net::SMPP SMSC',
    kind: 'smpp',
    isDefault: true,
    rateLimit: Number(args.rate),
    config: {
      host: '127.0.0.1',
      port: smscProxy.port,
      systemId: smsc.credentials.systemId,
      windowSize: WINDOW,
      reconnectMinSeconds: 1,
      reconnectMaxSeconds: 5,
    },
    secrets: { password: smsc.credentials.password },
  });
  await query(
    `insert into contacts (phone, first_name, tag1) select '+4477' || lpad(i::text, 8, '0'), 'Person ' || i, 'group-' || (i % 50) from generate_series(1, $1) as i`,
    [RECIPIENTS],
  );
  const { campaign } = await api<{ campaign: { id: string } }>(PORT, 'POST', '/api/campaigns', token, {
    name: 'Storm warning',
    body: 'Are you safe after the storm? Reply YES or NO',
    validityHours: 1,
  });
  const id = campaign.id;
  const launched = performance.now();
  await api(PORT, 'POST', `/api/campaigns/${id}/launch`, token);

  /** Messages handed over or settled, read straight from the database (which may be away: then null). */
  const handled = async (): Promise<number | null> => {
    const probe = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 2_000 });
    try {
      await probe.connect();
      const {
        rows: [row],
      } = await probe.query<{ n: number }>(
        `select count(*)::int as n from messages where campaign_id = $1 and status not in ('queued', 'sending')`,
        [id],
      );
      return row?.n ?? 0;
    } catch {
      return null;
    } finally {
      await probe.end().catch(() => {});
    }
  };
  const until = async (share: number) => {
    for (;;) {
      if (((await handled()) ?? 0) >= RECIPIENTS * share) return;
      await sleep(200);
    }
  };
  /** Time from `since` until the campaign handles more than `before` messages again (read every 50 ms). */
  const recovery = async (before: number, since: number) => {
    for (;;) {
      const now = await handled();
      if (now !== null && now > before) return performance.now() - since;
      await sleep(50);
    }
  };

  for (const [index, share] of [
    [1, 0.2],
    [2, 0.4],
  ] as const) {
    await until(share);
    const before = (await handled()) ?? 0;
    const began = performance.now();
    const restartMs = restartPostgres();
    const over = performance.now();
    const back = await recovery(before, over);
    faults.push(
      `| PostgreSQL restart ${index} (\`pg_ctlcluster ... restart\`) | ${seconds(restartMs)} | ${seconds(over + back - began)} | ${seconds(back)} |`,
    );
    console.info(faults.at(-1));
  }
  await until(0.6);
  const smscDown = performance.now();
  await smscProxy.down();
  await sleep(SMSC_OUTAGE_S * 1000);
  const beforeSmsc = (await handled()) ?? 0;
  await smscProxy.up();
  const smscUp = performance.now();
  const smscBack = await recovery(beforeSmsc, smscUp);
  faults.push(
    `| SMSC unreachable (connections refused) | ${SMSC_OUTAGE_S} s | ${seconds(smscUp + smscBack - smscDown)} | ${seconds(smscBack)} |`,
  );
  console.info(faults.at(-1));

  let status = '';
  for (let waited = 0; status !== 'completed' && waited < 600_000; waited += 500) {
    status = (await api<{ campaign: { status: string } }>(PORT, 'GET', `/api/campaigns/${id}`, token)).campaign.status;
    if (status !== 'completed') await sleep(500);
  }
  const sendMs = performance.now() - launched;
  const expected = RECIPIENTS / EVERY;
  let replied = 0;
  for (let waited = 0; waited < 60_000; waited += 500) {
    replied = (await api<{ totals: { replied: number } }>(PORT, 'GET', `/api/reports/tag1-grouped/${id}`, token)).totals.replied;
    if (replied >= expected) break;
    await sleep(500);
  }
  const statusRows = await query<{ status: string; n: number }>(
    `select status, count(*)::int as n from messages where campaign_id = $1 group by status order by status`,
    [id],
  );
  const alive = processes.filter((entry) => !entry.exit).length;
  const summary = await smsc.close();
  const missed = RECIPIENTS - summary.recipients;
  const duplicates = summary.submits - summary.recipients;
  const bound = WINDOW * WORKERS;
  const exact = alive === processes.length && status === 'completed' && missed === 0 && duplicates <= bound && replied === summary.repliers;
  if (!exact) failed = true;
  rows.push(
    `| ${fmt(RECIPIENTS)} | ${alive} of ${processes.length} | ${status === 'completed' ? 'yes' : status} | ${fmt(missed)} | ${fmt(duplicates)} (bound ${fmt(bound)}: window x binds) | ` +
      `${fmt(replied)} of ${fmt(summary.repliers)} | ${statusRows.map((row) => `${row.status} ${fmt(row.n)}`).join(', ')} | ${seconds(sendMs)} | ${exact ? 'held' : 'FAILED'} |`,
  );
  console.info(rows.at(-1), JSON.stringify(summary));
  smscSummary = `SMSC: ${fmt(summary.submits)} submits, ${fmt(summary.binds)} binds, ${fmt(summary.redelivered)} deliver_sm delivered again, ${fmt(summary.lostReceipts)} receipts lost with a dropped bind.`;
} finally {
  for (const entry of processes.reverse()) await stopProcess(entry.child);
  await smsc.close().catch(() => {});
  await smscProxy.close();
  await database.drop();
}

const section = `
## Faults: PostgreSQL restarts and an SMSC outage mid-campaign (bench/faults/run.ts)

Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL on the same host;
${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at start ${load}. 1 API process and ${WORKERS} worker processes
(${LANES} lanes of ${BATCH}), SMPP window ${WINDOW}, the gateway limited to ${args.rate} msg/s so the faults land mid-campaign. The SMSC is
Perl's Net::SMPP (every ${EVERY}th recipient answers YES; what it had not got acknowledged is delivered again, receipts waiting for a
dropped bind are lost). Nobody touched the campaign. Recovery = from the end of the fault (the restart command returned, the SMSC
reachable again) to the campaign's next handled message; sending stalled = from the fault's start to that message.
Receipts "lost" are those the SMSC had sent but not seen acknowledged when a bind dropped (some had arrived).

| Fault | Lasted | Sending stalled | Moving again after the fault ended |
|---|---:|---:|---:|
${faults.join('\n')}

| Recipients | Processes alive | Completed by itself | Missed | Duplicates | Replied (tag1 report) of the SMSC's repliers | Messages at the end | Launch to completed | Verdict |
|---:|---|---|---:|---|---|---|---:|---|
${rows.join('\n')}

${smscSummary ?? ''}
`;
if (!args['no-write']) await writeResultsSection('faults-bench', section);
console.info(section);
process.exit(failed ? 1 : 0);
