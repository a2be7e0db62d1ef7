/**
 * Dashboard benchmark: GET /api/dashboard through the real server process on PostgreSQL, with a
 * completed 1,000,000-recipient campaign (contacts and messages generated in SQL; the messages
 * insert goes through the count triggers like any other), 5,000 opt-outs spread over 30 days,
 * 2,000 inbound replies and 30 other campaigns (paused, scheduled, completed).
 *
 * The server caches a computed dashboard for 2 s per time zone, so the uncached figure is
 * measured by asking with a different time zone on every request (each one computes everything
 * except the count of all contacts, which a process reuses for 10 s while no contact is added);
 * the cached figure repeats one zone. The bare count(*) of contacts is timed on its own.
 *
 *   node_modules/.bin/node bench/dashboard/run.ts [--recipients 1000000] [--requests 200] [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Writes its section of bench/RESULTS.md.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { api, freshPostgres, signIn, sleep, startServer, stopProcess, writeResultsSection } from '../lib/bench-server.ts';

const { values: args } = parseArgs({
  options: {
    recipients: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '200' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string', default: '39318' },
  },
});
const PORT = Number(args.port);
const RECIPIENTS = Number(args.recipients);
const REQUESTS = Number(args.requests);

const fmt = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Generates the data set in SQL (one statement per table); answers how long it took. */
async function generate(url: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into contacts (phone, first_name, tag1)
    select '+4477' || lpad(i::text, 8, '0'), 'Person ' || i, 'group-' || (i % 50) from generate_series(1, $1) as i`,
    [RECIPIENTS],
  );
  await client.query(`update contacts set status = 'opted_out', opt_out_source = 'keyword', opted_out_at = now() - (random() * interval '30 days')
    where id in (select id from contacts order by id desc limit 5000)`);
  const { rows } = await client.query<{
    id: string;
  }>(`insert into campaigns (name, body, audience, status, launched_at, audience_ready_at, completed_at)
    values ('Bench 1M', 'Hello', '{"type":"all"}', 'completed', now() - interval '3 hours', now() - interval '3 hours', now() - interval '1 hour') returning id`);
  const campaignId = rows[0]!.id;
  // Outcomes: 92% delivered, 3% sent, 3% undelivered, 2% failed; 8% replied.
  await client.query(
    `insert into messages (campaign_id, contact_id, phone, status, queued_at, sent_at, delivered_at)
    select $1, c.id, c.phone,
           case when n % 100 < 92 then 'delivered' when n % 100 < 95 then 'sent' when n % 100 < 98 then 'undelivered' else 'failed' end,
           now() - interval '3 hours', now() - interval '2 hours', case when n % 100 < 92 then now() - interval '2 hours' end
    from (select id, phone, row_number() over (order by id) as n from contacts) c`,
    [campaignId],
  );
  // Replies arrive as updates (as the inbound path writes them), so the triggers count them.
  await client.query(
    `update messages set replied_at = now() - interval '90 minutes', reply_text = 'YES', reply_word = 'YES' where campaign_id = $1 and id % 100 < 8`,
    [campaignId],
  );
  await client.query(
    `insert into inbound_messages (gateway_id, gateway_message_id, from_phone, to_address, body, received_at, contact_id, reply_to_message_id, processed_at)
    select '00000000-0000-4000-8000-000000000001', 'bench-' || m.id, m.phone, '+447700900000', 'YES', now() - interval '90 minutes', m.contact_id, m.id, now()
    from messages m where m.campaign_id = $1 and m.replied_at is not null order by m.id limit 2000`,
    [campaignId],
  );
  // Paused rather than sending: a generated campaign without recipients must not set the real dispatcher to work.
  await client.query(`insert into campaigns (name, body, audience, status, scheduled_at, scheduled_local, launched_at, audience_ready_at, completed_at)
    select 'Other ' || i, 'Hi', '{"type":"all"}',
           case when i % 3 = 0 then 'scheduled' when i % 3 = 1 then 'completed' else 'paused' end,
           case when i % 3 = 0 then now() + i * interval '1 day' end,
           case when i % 3 = 0 then to_char(now() + i * interval '1 day', 'YYYY-MM-DD"T"HH24:MI') end,
           now() - i * interval '1 day', case when i % 3 <> 0 then now() - i * interval '1 day' end,
           case when i % 3 = 1 then now() - i * interval '1 day' + interval '1 hour' end
    from generate_series(1, 30) as i`);
  await client.query('vacuum analyze');
  await client.end();
  return performance.now() - started;
}

/** The bare `select count(*) from contacts` (what the 10 s reuse saves), timed `count` times. */
async function timeCount(url: string, count: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await client.query('select count(*) from contacts');
    times.push(performance.now() - started);
  }
  await client.end();
  return times.sort((a, b) => a - b);
}

/** Times `count` sequential requests; `zone(i)` picks each request's time zone. */
async function time(token: string, count: number, zone: (i: number) => string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await api(PORT, 'GET', `/api/dashboard?timeZone=${encodeURIComponent(zone(i))}`, token);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const startedAt = new Date();
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const loadBefore = load();
const database = await freshPostgres(args.pg!, 'sms_bench_dashboard');
const server = await startServer({ DATABASE_URL: database.url }, PORT);
const rows: string[] = [];
const run = { generateMs: 0, check: '' };
try {
  const token = await signIn(PORT);
  run.generateMs = await generate(database.url);
  // Let the worker fold the counter deltas of the big insert (the dashboard reads either way).
  await sleep(3000);
  const zones = Intl.supportedValuesOf('timeZone');
  const answer = await api<{
    messages: { today: { counts: { total: number } }; last30Days: { counts: { total: number; delivered: number; replied: number } } };
    contacts: { total: number; optedOut: number };
  }>(PORT, 'GET', '/api/dashboard?timeZone=UTC', token);
  run.check = `30-day window: ${fmt(answer.messages.last30Days.counts.total)} messages, ${fmt(answer.messages.last30Days.counts.delivered)} delivered, ${fmt(answer.messages.last30Days.counts.replied)} replied; contacts ${fmt(answer.contacts.total)}, opted out ${fmt(answer.contacts.optedOut)}`;
  await time(token, 10, (i) => zones[(i * 7) % zones.length]!); // warm-up
  const cold = await time(token, REQUESTS, (i) => zones[(i * 13 + 5) % zones.length]!);
  const warm = await time(token, Math.min(100, REQUESTS), () => 'UTC');
  const line = (label: string, t: number[]) =>
    rows.push(`| ${label} | ${t.length} | ${ms(percentile(t, 50))} | ${ms(percentile(t, 95))} | ${ms(t[t.length - 1] ?? 0)} |`);
  line('uncached (a different time zone per request: every figure computed)', cold);
  line('cached (same time zone, answers reused for 2 s)', warm);
  line('for scale: bare `select count(*) from contacts` (psql-level, no HTTP)', await timeCount(database.url, 20));
} finally {
  await stopProcess(server);
  await database.drop();
}

const section = `
## Dashboard (bench/dashboard/run.ts)

Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL on the same host;
${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; load average before ${loadBefore}, after ${load()}. **The host was shared with other
work (other developers' builds and tests) during the run**, so times include waiting for a CPU.
Data: ${fmt(RECIPIENTS)} contacts and one completed campaign with ${fmt(RECIPIENTS)} messages (generated in SQL in ${(run.generateMs / 1000).toFixed(0)} s, through the
count triggers), 5,000 opt-outs over 30 days, 2,000 inbound replies, 30 other campaigns. Sequential requests from one client,
server = one process (API + worker). Answer checked: ${run.check}.
Message windows come from the per-campaign counters (no scan of messages); the total of contacts is recounted at most every 10 s
(at once when a contact is added), the opted-out count every time (partial index).

| GET /api/dashboard | Requests | p50 | p95 | max |
|---|---:|---:|---:|---:|
${rows.join('\n')}
`;
await writeResultsSection('dashboard-bench', section);
console.info(section);
