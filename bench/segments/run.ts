/**
 * Segments benchmark: the live count of a saved segment's definition (POST /api/segments/count,
 * the same count a segment's page and the composer show) over 1,000,000 contacts on PostgreSQL,
 * through the real server process. Contacts are generated in SQL (generate_series): tag1 in 50
 * groups, tag2 'vip' for 10%, tag3 'red' for 1%, a custom field city among 20 values (none for
 * 10%), created over the last 365 days, 1% opted out; one completed campaign sent to 200,000 of
 * them, a fifth of whom replied.
 *
 *   node_modules/.bin/node bench/segments/run.ts [--contacts 1000000] [--requests 50] [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Writes its section of bench/RESULTS.md.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { api, freshPostgres, signIn, startServer, stopProcess, writeResultsSection } from '../lib/bench-server.ts';

const { values: args } = parseArgs({
  options: {
    contacts: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '50' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string', default: '39324' },
    db: { type: 'string', default: 'sms_bench_segments' },
  },
});
const PORT = Number(args.port);
const CONTACTS = Number(args.contacts);
const REQUESTS = Number(args.requests);
const RECIPIENTS = Math.round(CONTACTS / 5);

const fmt = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Generates the data set in SQL; answers the campaign's id and how long it took. */
async function generate(url: string): Promise<{ campaignId: string; ms: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into contacts (phone, first_name, tag1, tag2, tag3, custom_fields, status, opted_out_at, opt_out_source, created_at)
    select '+4477' || lpad(i::text, 8, '0'), 'Person ' || i, 'group-' || (i % 50),
      case when i % 10 = 0 then 'vip' end, case when i % 100 = 7 then 'red' end,
      case when i % 10 = 3 then '{}'::jsonb else jsonb_build_object('city', 'city-' || (i % 20)) end,
      case when i % 100 = 42 then 'opted_out' else 'active' end, case when i % 100 = 42 then now() end, case when i % 100 = 42 then 'admin' end,
      now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
    from generate_series(1, $1) as i`,
    [CONTACTS],
  );
  const { rows } = await client.query<{
    id: string;
  }>(`insert into campaigns (name, body, audience, status, launched_at, audience_ready_at, completed_at)
    values ('Bench segments', 'Hello', '{"type":"all"}', 'completed', now() - interval '3 days', now() - interval '3 days', now() - interval '2 days') returning id`);
  const campaignId = rows[0]!.id;
  await client.query(
    `insert into messages (campaign_id, contact_id, phone, status, queued_at, sent_at, delivered_at, replied_at)
    select $1, c.id, c.phone, 'delivered', now() - interval '3 days', now() - interval '3 days', now() - interval '3 days',
      case when c.n % 5 = 0 then now() - interval '2 days' end
    from (select id, phone, row_number() over (order by id) as n from contacts order by id limit $2) c`,
    [campaignId, RECIPIENTS],
  );
  await client.query('vacuum analyze');
  await client.end();
  return { campaignId, ms: performance.now() - started };
}

/** Times `count` sequential counts of one definition through the API; answers sorted times and the last answer. */
async function time(token: string, definition: unknown, count: number) {
  const times: number[] = [];
  let answer = { total: 0, active: 0 };
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    answer = await api<{ total: number; active: number }>(PORT, 'POST', '/api/segments/count', token, { definition });
    times.push(performance.now() - started);
  }
  return { times: times.sort((a, b) => a - b), answer };
}

/** The bare `select count(*) from contacts`, for scale (no HTTP, no conditions). */
async function timeBareCount(url: string, count: number): Promise<number[]> {
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

const startedAt = new Date();
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const loadBefore = load();
const database = await freshPostgres(args.pg!, args.db!);
const server = await startServer({ DATABASE_URL: database.url }, PORT);
const rows: string[] = [];
/** Each definition's p95, for the verdict against the target. */
const countP95s: number[] = [];
const run = { generateMs: 0 };
try {
  const token = await signIn(PORT);
  const generated = await generate(database.url);
  run.generateMs = generated.ms;
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const definitions: Array<[string, unknown]> = [
    ['tags: any of two groups (tag1-3)', { conditions: { tags: { match: 'any', values: ['group-1', 'group-2'] } } }],
    ['tag1 = one group, active, created in the last 90 days', { tag1: 'group-3', status: 'active', createdFrom: since }],
    ['custom field city equals one value', { conditions: { customFields: [{ name: 'city', operator: 'equals', value: 'city-4' }] } }],
    ['tags: all of vip and red', { conditions: { tags: { match: 'all', values: ['vip', 'red'] } } }],
    [
      'tags: none of vip, custom field not empty (most contacts)',
      { conditions: { tags: { match: 'none', values: ['vip'] }, customFields: [{ name: 'city', operator: 'not_empty' }] } },
    ],
    ['did not reply to the campaign', { conditions: { notRepliedTo: generated.campaignId } }],
    ['replied to the campaign, tag2 vip', { tag2: 'vip', conditions: { repliedTo: generated.campaignId } }],
    ['every contact (empty definition)', {}],
  ];
  for (const [label, definition] of definitions) {
    await time(token, definition, 5); // warm-up
    const { times, answer } = await time(token, definition, REQUESTS);
    countP95s.push(percentile(times, 95));
    rows.push(
      `| ${label} | ${fmt(answer.total)} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(times[times.length - 1] ?? 0)} | ${load()} |`,
    );
    console.info(rows[rows.length - 1]);
  }
  const bare = await timeBareCount(database.url, 20);
  rows.push(
    `| for scale: bare \`select count(*) from contacts\` (psql-level, no HTTP) | ${fmt(CONTACTS)} | ${ms(percentile(bare, 50))} | ${ms(percentile(bare, 95))} | ${ms(bare[bare.length - 1] ?? 0)} | ${load()} |`,
  );
} finally {
  await stopProcess(server);
  await database.drop();
}

const section = `
## Segment counts (bench/segments/run.ts)

Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL on the same host;
${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; load average before ${loadBefore}, after ${load()} (the host is shared: a high load
means times include waiting for a CPU). Data: ${fmt(CONTACTS)} contacts (generated in SQL in ${(run.generateMs / 1000).toFixed(0)} s with
${fmt(RECIPIENTS)} campaign messages, a fifth replied). ${REQUESTS} sequential POST /api/segments/count per definition after 5 warm-up; the
count is exact (total and active in one pass) through the contacts list's own filter compiler. Target: p95 <= 300 ms.

| Definition | Matches | p50 | p95 | max | Load after |
|---|---:|---:|---:|---:|---|
${rows.join('\n')}

Against the target (p95 <= 300 ms): ${Math.max(...countP95s) <= 300 ? 'met' : 'NOT met'} (the slowest definition's p95: ${ms(Math.max(...countP95s))}).
`;
await writeResultsSection('segments-bench', section);
console.info(section);
