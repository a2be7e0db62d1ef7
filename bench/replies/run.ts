/**
 * Replies benchmark (issue 14): a campaign through the real server processes against an SMSC on
 * another SMPP implementation than ours (Perl's Net::SMPP: apps/server/test/net-smpp-smsc.pl),
 * which sends a delivery receipt for every submit (shuffled) and makes every `--every`-th
 * recipient answer YES at once, right after its submit_sm_resp or just before it. The figures must
 * be exact: replied = recipients / every, YES as many, non-responders the rest, one inbox
 * conversation per answer, no message with sent > delivered > replied out of order.
 *  - PGlite, one process (API + worker, `npm start`): --pglite recipients (contacts imported through the API).
 *  - PostgreSQL, one API process (RUN_WORKER=false) and --workers worker processes (`npm run worker`),
 *    each with its own bind to the SMSC: --postgres recipients (contacts inserted with SQL).
 * The send rate printed is against the Perl SMSC (one Perl process answers every bind): the
 * engine's own dispatch rate is bench/dispatch/run.ts's figure.
 *
 *   node_modules/.bin/node bench/replies/run.ts [--pglite 2000] [--postgres 30000] [--workers 3] [--every 10]
 *                                               [--only pglite|postgres] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--no-write]
 *
 * Exits 1 when a figure is not exact. Writes its section of bench/RESULTS.md unless --no-write.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startNetSmppSmsc, type NetSmppSmsc } from '../../apps/server/test/net-smpp-smsc.ts';
import {
  api,
  freshPostgres,
  importContacts,
  signIn,
  sleep,
  startServer,
  startWorker,
  stopProcess,
  writeResultsSection,
} from '../lib/bench-server.ts';

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'string', default: '2000' },
    postgres: { type: 'string', default: '30000' },
    workers: { type: 'string', default: '3' },
    every: { type: 'string', default: '10' },
    only: { type: 'string' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string', default: '39319' },
    'no-write': { type: 'boolean', default: false },
  },
});
const PORT = Number(args.port);
const EVERY = Number(args.every);

/** Recipient i's number: +44 77 then i on 8 digits, so every EVERY-th ends in a multiple of EVERY. */
const phoneSql = `'+4477' || lpad(i::text, 8, '0')`;

interface Figures {
  recipients: number;
  delivered: number;
  replied: number;
  yes: number;
  nonResponders: number;
  conversations: number;
  sendSeconds: number;
  /** Between 10% and 90% delivered; null when the run was too short to tell. */
  sustained: number | null;
  averageRate: number | null;
  /** From the campaign's completion until every answer counted. */
  matchedAfterMs: number;
  disordered: number | null;
  /** Hand-over (sent_at) to receipt stored (delivered_at), seconds: p50, p95, max (read on PostgreSQL). */
  deliveredAfter: { p50: number; p95: number; max: number } | null;
  /**
   * The SMSC writing a receipt's deliver_sm to the first snapshot in which a report sees its message
   * delivered, seconds (PostgreSQL; messages without a reply, whose row the receipt changed last).
   */
  receiptShown: Percentiles | null;
  /** How long the campaign page's reads took while it sent (GET /api/campaigns/:id), seconds. */
  reportRead: Percentiles | null;
}

type Percentiles = { p50: number; p95: number; max: number; n: number };

const percentiles = (values: number[]): Percentiles | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)!, n: sorted.length };
};

/**
 * Takes the database's snapshot every POLL_MS while a campaign sends: a report reads the counters
 * and aggregates with their pending deltas in its statement's snapshot, so a message's receipt is
 * on the reports from the first snapshot that sees the transaction which last changed its row.
 */
const SNAPSHOT_POLL_MS = 20;
function followSnapshots(url: string): { stop(): Promise<Array<{ at: string; snap: string }>> } {
  const client = new pg.Client({ connectionString: url });
  const polls: Array<{ at: string; snap: string }> = [];
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ at: string; snap: string }>(
        `select clock_timestamp()::text as at, pg_current_snapshot()::text as snap`,
      );
      polls.push(rows[0]!);
      await sleep(SNAPSHOT_POLL_MS);
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return polls;
    },
  };
}

/** Per message without a reply: the SMSC's sending of its receipt to the first snapshot that shows it, seconds. */
async function receiptShownAfter(
  client: pg.Client,
  campaignId: string,
  receiptLog: string,
  polls: Array<{ at: string; snap: string }>,
): Promise<Percentiles | null> {
  const sent = (await readFile(receiptLog, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  // xmin is a 32-bit xid: its epoch is the snapshots' (no wraparound within a run).
  const { rows } = await client.query<{ s: number }>(
    `with smsc as (select * from unnest($2::text[], $3::float8[]) as s(gid, at)),
          polls as (select * from unnest($4::timestamptz[], $5::pg_snapshot[]) as p(at, snap)),
          epoch as (select (max(pg_snapshot_xmax(snap)::text::bigint) >> 32) as e from polls)
     select extract(epoch from shown.at)::float8 - smsc.at as s
     from messages m join smsc on smsc.gid = m.gateway_message_id, epoch,
          lateral (select p.at from polls p where pg_visible_in_snapshot(((epoch.e << 32) + m.xmin::text::bigint)::text::xid8, p.snap)
                   order by p.at limit 1) shown
     where m.campaign_id = $1 and m.status = 'delivered' and m.replied_at is null`,
    [campaignId, sent.map((row) => row[0]), sent.map((row) => Number(row[1])), polls.map((p) => p.at), polls.map((p) => p.snap)],
  );
  return percentiles(rows.map((row) => row.s));
}

/** Launches a campaign to everyone on the default gateway, follows it, then reads every figure the screens show. */
async function runCampaign(token: string, recipients: number, database?: string, receiptLog?: () => Promise<string>): Promise<Figures> {
  const { campaign } = await api<{ campaign: { id: string } }>(PORT, 'POST', '/api/campaigns', token, {
    name: `Replies ${recipients}`,
    body: 'Are you safe after the storm? Reply YES or NO',
  });
  const id = campaign.id;
  const snapshots = database ? followSnapshots(database) : null;
  const started = performance.now();
  await api(PORT, 'POST', `/api/campaigns/${id}/launch`, token);
  const samples: Array<{ at: number; done: number }> = [];
  const reads: number[] = [];
  for (;;) {
    const readStarted = performance.now();
    const { campaign: now } = await api<{ campaign: { status: string; counts: Record<string, number> } }>(
      PORT,
      'GET',
      `/api/campaigns/${id}`,
      token,
    );
    reads.push((performance.now() - readStarted) / 1000);
    samples.push({ at: performance.now() - started, done: now.counts.delivered ?? 0 });
    if (now.status === 'completed' && now.counts.delivered === recipients) break;
    if (['failed', 'cancelled', 'paused'].includes(now.status)) throw new Error(`campaign ${now.status}: ${JSON.stringify(now)}`);
    await sleep(250);
  }
  const sendMs = performance.now() - started;
  const completedAt = performance.now();
  const expected = recipients / EVERY;
  let tag1 = await api<{ totals: { recipients: number; replied: number; replyWords: Array<{ word: string; n: number }> } }>(
    PORT,
    'GET',
    `/api/reports/tag1-grouped/${id}`,
    token,
  );
  for (let waited = 0; tag1.totals.replied < expected && waited < 60_000; waited += 250) {
    await sleep(250);
    tag1 = await api(PORT, 'GET', `/api/reports/tag1-grouped/${id}`, token);
  }
  const matchedAfterMs = performance.now() - completedAt;
  const polls = (await snapshots?.stop()) ?? [];
  const nonResponders = await api<{ total: number }>(PORT, 'GET', `/api/reports/non-responders/${id}?limit=1`, token);
  const conversations = await api<{ total: number }>(PORT, 'GET', '/api/inbox/conversations?limit=1', token);
  const progress = await api<{ averageRatePerSecond: number | null; counts: { delivered: number } }>(
    PORT,
    'GET',
    `/api/campaigns/${id}/progress`,
    token,
  );
  const at = (share: number) => samples.find((sample) => sample.done >= recipients * share)?.at ?? sendMs;
  const span = (at(0.9) - at(0.1)) / 1000;
  let disordered: number | null = null;
  let deliveredAfter: Figures['deliveredAfter'] = null;
  let receiptShown: Percentiles | null = null;
  if (database) {
    const client = new pg.Client({ connectionString: database });
    // The database is dropped after a failed run: what failed is the error to see, not this one.
    client.on('error', () => {});
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from messages where campaign_id = $1 and (delivered_at < sent_at or replied_at < delivered_at or replied_at < sent_at)`,
      [id],
    );
    disordered = rows[0]?.n ?? null;
    const latency = await client.query<{ p50: number; p95: number; max: number }>(
      `select percentile_cont(0.5) within group (order by s) as p50, percentile_cont(0.95) within group (order by s) as p95, max(s) as max
       from (select extract(epoch from delivered_at - sent_at)::float8 as s from messages where campaign_id = $1 and delivered_at is not null) t`,
      [id],
    );
    deliveredAfter = latency.rows[0] ?? null;
    if (receiptLog) receiptShown = await receiptShownAfter(client, id, await receiptLog(), polls);
    await client.end();
  }
  return {
    recipients: tag1.totals.recipients,
    delivered: progress.counts.delivered,
    replied: tag1.totals.replied,
    yes: tag1.totals.replyWords.find((word) => word.word === 'YES')?.n ?? 0,
    nonResponders: nonResponders.total,
    conversations: conversations.total,
    sendSeconds: sendMs / 1000,
    sustained: span > 0 ? Math.round((recipients * 0.8) / span) : null,
    averageRate: progress.averageRatePerSecond,
    matchedAfterMs,
    disordered,
    deliveredAfter,
    receiptShown,
    reportRead: percentiles(reads),
  };
}

/** Makes the SMPP gateway to the Perl SMSC the default one. */
async function smscGateway(token: string, smsc: NetSmppSmsc): Promise<void> {
  await api(PORT, 'POST', '/api/gateways', token, {
    name: 'Net::SMPP SMSC',
    kind: 'smpp',
    isDefault: true,
    config: { host: '127.0.0.1', port: smsc.port, systemId: smsc.credentials.systemId, windowSize: 100 },
    secrets: { password: smsc.credentials.password },
  });
}

const rows: string[] = [];
let failed = false;
const fmt = (n: number) => n.toLocaleString('en-US');

const shown = (p: Percentiles | null) => (p ? `${p.p50.toFixed(2)} / ${p.p95.toFixed(2)} / ${p.max.toFixed(2)} s` : 'not read');

function record(setup: string, figures: Figures): void {
  const expected = figures.recipients / EVERY;
  const exact =
    figures.replied === expected &&
    figures.yes === expected &&
    figures.nonResponders === figures.recipients - expected &&
    figures.conversations === expected &&
    (figures.disordered ?? 0) === 0;
  if (!exact) failed = true;
  rows.push(
    `| ${setup} | ${fmt(figures.recipients)} | ${fmt(figures.replied)} | ${fmt(figures.yes)} | ${fmt(figures.nonResponders)} | ${fmt(figures.conversations)} | ${figures.disordered ?? 'not read'} | ` +
      `${figures.sendSeconds.toFixed(1)} s, ${figures.sustained === null ? '-' : fmt(figures.sustained)} msg/s sustained (10-90%), average ${figures.averageRate === null ? '-' : fmt(figures.averageRate)} msg/s | ${(figures.matchedAfterMs / 1000).toFixed(1)} s | ${
        figures.deliveredAfter
          ? `${figures.deliveredAfter.p50.toFixed(2)} / ${figures.deliveredAfter.p95.toFixed(2)} / ${figures.deliveredAfter.max.toFixed(2)} s`
          : 'not read'
      } | ${shown(figures.receiptShown)} | ${shown(figures.reportRead)} | ${exact ? 'exact' : 'WRONG'} |`,
  );
  console.info(rows[rows.length - 1]);
}

async function benchPglite(recipients: number): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sms-bench-replies-'));
  const smsc = await startNetSmppSmsc({ replyEvery: EVERY });
  const server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir }, PORT);
  try {
    const token = await signIn(PORT);
    await smscGateway(token, smsc);
    const csv = join(dataDir, 'contacts.csv');
    const lines = Array.from(
      { length: recipients },
      (_, index) => `+4477${String(index + 1).padStart(8, '0')},Person ${index + 1},group-${(index + 1) % 50}`,
    );
    await writeFile(csv, `Phone,First name,Tag\r\n${lines.join('\r\n')}\r\n`);
    if ((await importContacts(PORT, token, csv)) !== recipients) throw new Error('the import did not create every contact');
    record('PGlite, one process', await runCampaign(token, recipients));
  } finally {
    await stopProcess(server);
    console.info('SMSC:', JSON.stringify(await smsc.close()));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(recipients: number, workerCount: number): Promise<void> {
  const database = await freshPostgres(args.pg!, 'sms_bench_replies');
  const receiptLog = join(tmpdir(), `sms-bench-replies-receipts-${process.pid}.tsv`);
  const smsc = await startNetSmppSmsc({ replyEvery: EVERY, receiptLog });
  const processes: ChildProcess[] = [];
  try {
    processes.push(await startServer({ DATABASE_URL: database.url, RUN_WORKER: 'false' }, PORT));
    for (let index = 0; index < workerCount; index++) processes.push(await startWorker({ DATABASE_URL: database.url }));
    const token = await signIn(PORT);
    await smscGateway(token, smsc);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `insert into contacts (id, phone, first_name, tag1)
       select (lpad(to_hex(1760000000000 + i), 12, '0') || '7000' || '8000' || lpad(to_hex(i), 12, '0'))::uuid, ${phoneSql}, 'Person ' || i, 'group-' || (i % 50)
       from generate_series(1, $1) as i`,
      [recipients],
    );
    await client.query('vacuum analyze contacts');
    await client.end();
    record(
      `PostgreSQL, 1 API + ${workerCount} workers`,
      await runCampaign(token, recipients, database.url, async () => {
        // The SMSC writes its receipt log when it stops; every receipt was acknowledged by then.
        await smsc.close();
        return receiptLog;
      }),
    );
  } finally {
    for (const child of processes.reverse()) await stopProcess(child);
    console.info('SMSC:', JSON.stringify(await smsc.close()));
    await database.drop();
    if (!process.env.RECEIPT_TRACE) await rm(receiptLog, { force: true });
  }
}

const startedAt = new Date();
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(', ');
if (args.only !== 'postgres') await benchPglite(Number(args.pglite));
if (args.only !== 'pglite') await benchPostgres(Number(args.postgres), Number(args.workers));

const section = `
## Replies against a Net::SMPP SMSC (bench/replies/run.ts)

Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL on the same host;
${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at start ${load}. The SMSC is one Perl process (Net::SMPP)
answering every bind: every ${EVERY}th recipient answers YES at once (a share before the submit_sm_resp), receipts shuffled.
Figures as the screens read them: tag1 report (replied, YES), non-responders, inbox conversations; out of order = messages
with sent > delivered or delivered > replied (read on PostgreSQL); hand-over to delivered = delivered_at - sent_at (the
claim's database time to the receipt's, on PostgreSQL). Receipt to report = from the Perl SMSC writing a receipt's
deliver_sm to the first database snapshot (taken every ${SNAPSHOT_POLL_MS} ms) that sees the transaction which made its message
delivered: what a report reading then shows, since reports add the pending deltas (messages without a reply, on PostgreSQL);
the campaign page's read time while sending is beside it. The send rate is the Perl SMSC's; the engine's is in "Sending".

| Setup | Recipients | Replied | YES | Non-responders | Conversations | Out of order | Send (Perl SMSC) | Last answer counted after completion | Hand-over to delivered p50 / p95 / max | Receipt to report p50 / p95 / max | Campaign page read p50 / p95 / max | Figures |
|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---|
${rows.join('\n')}
`;
if (!args['no-write']) await writeResultsSection('replies-bench', section);
console.info(section);
process.exit(failed ? 1 : 0);
