import { destinationCountry } from '@sms/contracts/phone-destination';
import { messagePriceMicros } from '@sms/contracts/pricing';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { SETTING_KEYS } from '../../platform/settings.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { priceUnpriced, unpricedGroups } from './usage.queries.ts';

/**
 * Prices, once, the messages sent before prices were stored (migration 0047, decision 118), with
 * the price table current then: the migration leaves a marker, the first process to start after
 * it takes the marker's lock, prices every sent message still without a price and removes the
 * marker in the same transaction, so it never runs again (others find no marker). Countries are
 * named here, one number per prefix group (decision 042), as spend named them before.
 */
export async function backfillMessagePrices(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const marker = await queryRows(tx, sql`select 1 from app_settings where key = ${SETTING_KEYS.pricesBackfill} for update`);
    if (marker.length === 0) return 0;
    const table = await getMessagingSettings(tx);
    const groups = (await unpricedGroups(tx)).map((group) => ({
      ...group,
      partMicros: messagePriceMicros(table, destinationCountry(group.sample), group.ucs2 ? 'UCS-2' : 'GSM-7', 1),
    }));
    const priced = await priceUnpriced(tx, groups, table.currency);
    await tx.execute(sql`delete from app_settings where key = ${SETTING_KEYS.pricesBackfill}`);
    return priced;
  });
}
