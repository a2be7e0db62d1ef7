/**
 * What publishing `receipt.recorded` costs the receipts path (decision 088), on PostgreSQL: batches
 * of receipts applied through recordReceipts (a) with no subscriber (as shipped: the webhook outbox
 * hears receipts through its trigger; one statement, no transaction), and (b) with the subscriber
 * the outbox would need without its trigger (a transaction around the batch and one more
 * statement: the integration API messages among the batch, one row per listening endpoint).
 * Campaign messages, as at full speed; rounds alternate the variants.
 *
 *   node_modules/.bin/node bench/receipt-events/run.ts [--messages 50000] [--batch 500] [--rounds 3]
 *                                                      [--pg postgres://postgres@127.0.0.1:5432/postgres]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../apps/server/src/db/client.ts';
import { openDatabase } from '../../apps/server/src/db/open.ts';
import { recordReceipts } from '../../apps/server/src/modules/messaging/receipts.ts';
import { createDomainEvents, type DomainEvents } from '../../apps/server/src/platform/domain-events.ts';
import { freshPostgres } from '../lib/bench-server.ts';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '50000' },
    batch: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '3' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const MESSAGES = Number(args.messages);
const BATCH = Number(args.batch);

const fresh = await freshPostgres(args.pg, 'bench_receipt_events');
const database = await openDatabase({ databaseUrl: fresh.url });
await database.migrate();
const db = database.db;
const [gateway] = await queryRows<{ id: string }>(
  db,
  sql`insert into gateways (name, kind, config) values ('Bench', 'simulator', '{}'::jsonb) returning id`,
);
const [campaign] = await queryRows<{ id: string }>(
  db,
  sql`insert into campaigns (name, body, audience, status) values ('Bench', 'Hi', '{"type":"all"}'::jsonb, 'sending') returning id`,
);
const gatewayId = gateway?.id ?? '';

/** The outbox's subscriber, were it JS: the batch's integration API messages, one row per listening endpoint. */
async function outboxSubscriber(tx: Executor, event: { messageIds: string[] }): Promise<void> {
  await tx.execute(sql`insert into webhook_deliveries (endpoint_id, event_type, data)
    select e.id, 'message.status', jsonb_build_object('id', m.id::text, 'to', m.phone, 'status', m.status,
           'reference', m.reference, 'errorCode', m.error_code, 'contactId', m.contact_id)
    from messages m join webhook_endpoints e on e.active and 'message.status' = any (e.events)
    where m.id = any(${sql.param(event.messageIds)}::bigint[]) and m.kind = 'api'`);
}

const variants: Record<string, DomainEvents> = {
  'no subscriber (shipped)': createDomainEvents({}),
  'JS outbox subscriber': createDomainEvents({ 'receipt.recorded': [outboxSubscriber] }),
};

async function round(name: string, events: DomainEvents, tag: string): Promise<number> {
  await db.execute(sql`insert into messages (kind, campaign_id, phone, gateway_id, status, gateway_message_id, sent_at)
    select 'campaign', ${campaign?.id}, '+4477009' || lpad(g::text, 5, '0'), ${gatewayId}, 'sent', ${tag} || '-' || g, now()
    from generate_series(1, ${MESSAGES}) g`);
  const at = new Date();
  const started = performance.now();
  for (let first = 1; first <= MESSAGES; first += BATCH) {
    const receipts = Array.from({ length: Math.min(BATCH, MESSAGES - first + 1) }, (_, i) => ({
      gatewayMessageId: `${tag}-${first + i}`,
      status: 'delivered' as const,
      at,
    }));
    await recordReceipts(db, events, gatewayId, receipts);
  }
  const seconds = (performance.now() - started) / 1000;
  const [left] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from messages where gateway_message_id like ${tag + '-%'} and status = 'sent'`,
  );
  if ((left?.n ?? 0) > 0) throw new Error(`${name}: ${left?.n} receipts not applied`);
  return MESSAGES / seconds;
}

const rates: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let r = 0; r < Number(args.rounds); r++) {
  for (const [name, events] of Object.entries(variants)) {
    const rate = await round(name, events, `r${r}-${name.length}`);
    rates[name]?.push(rate);
    console.log(`round ${r + 1}: ${name}: ${Math.round(rate).toLocaleString('en-US')} receipts/s`);
  }
}
for (const [name, list] of Object.entries(rates)) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(
    `${name}: median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0).toLocaleString('en-US')} receipts/s over ${list.length} rounds of ${MESSAGES.toLocaleString('en-US')} (batches of ${BATCH})`,
  );
}
await database.close();
await fresh.drop();
