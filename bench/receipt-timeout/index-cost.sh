#!/bin/sh
# The hot-path cost of an index on (campaign_id, sent_at) where status = 'sent' (the first version
# of the receipt-timeout sweep's, decision 073; replaced for what this measured): a write-back
# (sending -> sent) and a receipt (sent -> delivered) of 200,000 messages in 1,000-row UPDATEs,
# with the index and without it, twice each, on a scratch PostgreSQL database.
#   sh bench/receipt-timeout/index-cost.sh [postgres://postgres@127.0.0.1:5432]
set -e
BASE=${1:-postgres://postgres@127.0.0.1:5432}
DB=bench_receipt_timeout
psql -q "$BASE/postgres" -c "drop database if exists $DB" -c "create database $DB"
node_modules/.bin/node --input-type=module -e "
const { openDatabase } = await import('$(pwd)/apps/server/src/db/open.ts');
const db = await openDatabase({ databaseUrl: '$BASE/$DB' });
await db.migrate();
await db.close();"
ROUND=$(cat <<'SQL'
truncate messages restart identity;
truncate message_count_deltas;
insert into messages (kind, campaign_id, contact_id, phone, status, claimed_at, lease_until)
select 'campaign', '11111111-1111-4111-8111-111111111111', gen_random_uuid(), '+4477' || lpad(i::text, 9, '0'), 'sending', now(), now() + interval '1 hour'
from generate_series(1, 200000) i;
vacuum analyze messages;
do $$
declare t0 timestamptz; b int;
begin
  t0 := clock_timestamp();
  for b in 0..199 loop
    update messages set status = 'sent', sent_at = now(), gateway_message_id = 'g' || id, lease_until = null
    where id between b * 1000 + 1 and b * 1000 + 1000;
  end loop;
  raise notice 'write-back: % ms', round(extract(epoch from clock_timestamp() - t0) * 1000);
  t0 := clock_timestamp();
  for b in 0..199 loop
    update messages set status = 'delivered', delivered_at = now() where id between b * 1000 + 1 and b * 1000 + 1000;
  end loop;
  raise notice 'receipts: % ms', round(extract(epoch from clock_timestamp() - t0) * 1000);
end $$;
SQL
)
for round in 1 2; do
  for mode in with without; do
    if [ "$mode" = with ]; then
      psql -q "$BASE/$DB" -c "create index if not exists messages_sent_idx on messages (campaign_id, sent_at) where status = 'sent'"
    else
      psql -q "$BASE/$DB" -c "drop index if exists messages_sent_idx"
    fi
    echo "$mode messages_sent_idx:"
    echo "$ROUND" | psql -q "$BASE/$DB" 2>&1 | grep -o '\(write-back\|receipts\): [0-9]* ms'
  done
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
psql -q "$BASE/postgres" -c "drop database $DB"
