import { roundPrice } from '@sms/contracts/pricing';
import type { StatementLine, StatementScope } from '@sms/contracts/statements';
import { zonedToInstant } from '@sms/contracts/zoned-time';
import type { Executor } from '../../db/client.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { pricedUsage } from '../usage/index.ts';

/** The instants a month ('2026-11') starts and ends at in a time zone: sent at or after `from`, before `to`. */
export function monthBounds(month: string, timeZone: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { from: zonedToInstant(`${month}-01T00:00`, timeZone), to: zonedToInstant(`${next}-01T00:00`, timeZone) };
}

export interface LiveLines {
  lines: StatementLine[];
  currency: string;
  timeZone: string;
  from: Date;
  to: Date;
}

/**
 * An open statement's lines, computed now: the usage module's pricedUsage (the sums of the prices
 * stored on the messages when they were sent, decision 118) grouped by destination country,
 * encoding and the price of a part they were charged, so a price change within the month gives a
 * line per price. Country first (unknown last), then GSM-7 before UCS-2, then by unit price.
 */
export async function liveLines(db: Executor, month: string, scope: StatementScope, scopeId: string | null): Promise<LiveLines> {
  const settings = await getMessagingSettings(db);
  const { from, to } = monthBounds(month, settings.timeZone);
  const filters = scope === 'apiKey' ? { apiKeyId: scopeId ?? '' } : scope === 'user' ? { createdBy: scopeId ?? '' } : {};
  const usage = await pricedUsage(db, {
    from,
    to,
    groupBy: ['country', 'encoding', 'unitPrice'],
    filters,
    currency: settings.currency,
    timeZone: settings.timeZone,
  });
  const lines = usage.groups
    .map((group) => {
      const country = group.country ?? null;
      const encoding = group.encoding ?? 'GSM-7';
      return {
        country,
        encoding,
        messages: group.messages,
        parts: group.parts,
        unitPrice: group.unitPrice ?? 0,
        amount: group.amount,
      };
    })
    .sort(
      (a, b) =>
        (a.country ?? '\uffff').localeCompare(b.country ?? '\uffff') || a.encoding.localeCompare(b.encoding) || a.unitPrice - b.unitPrice,
    );
  return { lines, currency: usage.currency, timeZone: settings.timeZone, from, to };
}

/** The lines' total (rounded as prices are). */
export const linesTotal = (lines: ReadonlyArray<{ amount: number }>): number =>
  roundPrice(lines.reduce((sum, line) => sum + line.amount, 0));
