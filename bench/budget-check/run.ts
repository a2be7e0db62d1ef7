/**
 * Budget check cost (decision 118): month-to-date spend over a large month on PostgreSQL.
 * Generates N charged messages (SQL, default 1,000,000) spread over the current month up to now,
 * then times, five times each, in the same run:
 *  - before: the month priced in groups as the checker did (pricedUsage by API key: every row's
 *    destination prefix group, named and summed), the whole month at every check;
 *  - after, cold: computeBudgetState's first check (the settled month summed once, then the recent part);
 *  - after, warm: the checks that follow (only the last minutes are summed);
 *  - reference: a full count of the messages table.
 *
 *   node_modules/.bin/node bench/budget-check/run.ts [--messages 1000000] [--pg postgres://postgres@127.0.0.1:5432/postgres]
 * Prints a Markdown table; bench/RESULTS.md is written by hand.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../apps/server/src/db/client.ts';
import { openDatabase } from '../../apps/server/src/db/open.ts';
import { computeBudgetState, forgetSettledSpend, monthBounds, pricedUsage } from '../../apps/server/src/modules/usage/index.ts';
import { updateMessagingSettings } from '../../apps/server/src/modules/settings/index.ts';
import { freshPostgres } from '../lib/bench-server.ts';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000000' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const count = Number(args.messages);
const fresh = await freshPostgres(args.pg, 'bench_budget_check');
const database = await openDatabase({ databaseUrl: fresh.url, pgliteDir: '' });
try {
  await database.migrate();
  const db = database.db;
  await updateMessagingSettings(db, { currency: 'EUR', timeZone: 'UTC' });
  const { start, now } = await monthBounds(db, 'UTC');
  // In sent_at order, as the engine writes them (the BRIN index relies on it); 1 in 10 by an API key.
  await db.execute(sql`insert into messages (kind, phone, status, segments, encoding, sent_at, api_key_id, price_micros, price_currency)
    select 'test', '+3361' || lpad((i % 10000000)::text, 7, '0'), 'delivered', 1 + i % 3, 'GSM-7',
           ${start.toISOString()}::timestamptz + (${now.toISOString()}::timestamptz - ${start.toISOString()}::timestamptz) * (i::float8 / ${count}),
           case when i % 10 = 0 then '0190a6c0-0000-7000-8000-000000000002'::uuid end, (1 + i % 3) * 50000, 'EUR'
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`vacuum analyze messages`);
  const timed = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const began = performance.now();
      await run();
      times.push(performance.now() - began);
    }
    times.sort((a, b) => a - b);
    return `${times[2]!.toFixed(1)} ms (${times[0]!.toFixed(1)}-${times[4]!.toFixed(1)})`;
  };
  const now1 = new Date(now.getTime() + 1);
  const rows = [
    ['reference: count(*) of messages', await timed(() => queryRows(db, sql`select count(*) from messages`))],
    [
      'before: pricedUsage by API key over the month',
      await timed(() => pricedUsage(db, { from: start, to: now1, groupBy: ['apiKey'], timeZone: 'UTC', currency: 'EUR' })),
    ],
    [
      'after, cold: computeBudgetState (settled month summed)',
      await timed(() => {
        forgetSettledSpend();
        return computeBudgetState(db);
      }),
    ],
    ['after, warm: computeBudgetState (last minutes summed)', await timed(() => computeBudgetState(db))],
  ];
  const state = await computeBudgetState(db);
  console.log(
    `${new Date().toISOString().slice(0, 16)} UTC; load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}; ${count.toLocaleString('en')} messages this month; spent ${state.spent}`,
  );
  console.log('| check | median of 5 (min-max) |\n|---|---:|');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
} finally {
  await database.close();
  await fresh.drop();
}
