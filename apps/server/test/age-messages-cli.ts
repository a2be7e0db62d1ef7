/**
 * Test tool for browser tests: ages a stopped embedded server's messages by some hours (campaign
 * launches and every message time), then runs the receipt-timeout sweep (decision 073), so a
 * browser test can show messages that waited past their validity without waiting for it.
 *   node apps/server/test/age-messages-cli.ts --data-dir DIR --hours 50
 * Prints {"timedOut": n} when done.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/open.ts';
import { expireReceiptWaits } from '../src/modules/messaging/housekeeping.queries.ts';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, hours: { type: 'string', default: '50' } } });
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('--data-dir is required');
const back = sql`make_interval(hours => ${Number(values.hours)})`;
const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
try {
  await database.db.execute(
    sql`update campaigns set launched_at = launched_at - ${back}, scheduled_at = scheduled_at - ${back}, completed_at = completed_at - ${back}`,
  );
  await database.db.execute(sql`update messages set queued_at = queued_at - ${back}, claimed_at = claimed_at - ${back},
    sent_at = sent_at - ${back}, delivered_at = delivered_at - ${back}, failed_at = failed_at - ${back}, replied_at = replied_at - ${back}`);
  console.info(JSON.stringify({ timedOut: await expireReceiptWaits(database.db) }));
} finally {
  await database.close();
}
