import { destinationCountry } from '@sms/contracts/phone-destination';
import { messagePrice, roundPrice } from '@sms/contracts/pricing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client.ts';
import { freshDatabase } from '../../../test/helper.ts';
import { updateMessagingSettings } from '../settings/index.ts';
import { backfillMessagePrices } from './backfill-prices.ts';
import { computeBudgetState, forgetSettledSpend } from './budgets.ts';
import { pricedUsage } from './usage.service.ts';

const prices = {
  pricePerSegment: 0.01,
  pricePerSegmentUcs2: 0.02,
  countryPrices: [
    { country: 'FR', gsm7: 0.05, ucs2: 0.07 },
    { country: 'JE', gsm7: 0.09, ucs2: 0.11 },
    { country: 'CA', gsm7: 0.003, ucs2: 0.004 },
  ],
  currency: 'EUR',
};

// Numbers of countries that share a calling code with another (+44 Jersey, +1 Canada/US) or have their own row.
const PHONES = ['+33612345678', '+447797123456', '+447400123456', '+14165550123', '+12025550123', '+4915112345678', '+33612345679'];
const KINDS = ['campaign', 'api', 'test', 'reply', 'auto', 'notice'] as const;
const campaignId = '0190a6c0-0000-7000-8000-000000000001';
const keyId = '0190a6c0-0000-7000-8000-000000000002';

describe('pricedUsage', () => {
  let db: Db;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    db = fresh.database.db;
    dispose = fresh.dispose;
    await updateMessagingSettings(db, { ...prices, timeZone: 'Europe/Paris' });
    // 60 messages across kinds, countries, encodings and parts (some unknown), on 2026-03-30 .. 2026-04-01 in Paris.
    let i = 0;
    for (const kind of KINDS)
      for (let n = 0; n < 10; n++, i++) {
        const phone = PHONES[i % PHONES.length]!;
        const sentAt = new Date(Date.UTC(2026, 2, 30, 21, 30) + i * 60 * 60_000).toISOString();
        const segments = i % 5 === 0 ? null : (i % 3) + 1;
        const encoding = i % 4 === 0 ? 'UCS-2' : i % 7 === 0 ? null : 'GSM-7';
        await db.execute(
          sql`insert into messages (kind, campaign_id, contact_id, phone, status, segments, encoding, sent_at, api_key_id)
              values (${kind}, ${kind === 'campaign' ? campaignId : null}, ${kind === 'campaign' ? `0190a6c0-0000-7000-8000-${String(i).padStart(12, '0')}` : null},
                      ${phone}, 'sent', ${segments}, ${encoding}, ${sentAt}::timestamptz, ${kind === 'api' ? keyId : null})`,
        );
      }
    // Not charged: never accepted by a gateway.
    await db.execute(sql`insert into messages (kind, phone, status, segments) values ('api', '+33612345678', 'failed', 3)`);
    // Sent before prices were stored: migration 0047's marker has them priced once, with this table.
    await db.execute(sql`insert into app_settings (key, value) values ('prices_backfill', '"pending"'::jsonb) on conflict do nothing`);
    expect(await backfillMessagePrices(db)).toBe(60);
  });
  afterAll(() => dispose?.());

  const range = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-05-01T00:00:00Z') };

  it('totals exactly the sum of every charged message priced alone', async () => {
    const rows = await queryRows<{ phone: string; segments: number | null; encoding: string | null }>(
      db,
      sql`select phone, segments, encoding from messages where sent_at is not null`,
    );
    const expected = rows.reduce(
      (sum, row) =>
        sum + messagePrice(prices, destinationCountry(row.phone), row.encoding === 'UCS-2' ? 'UCS-2' : 'GSM-7', row.segments ?? 1),
      0,
    );
    const usage = await pricedUsage(db, range);
    expect(usage.currency).toBe('EUR');
    expect(usage.total.messages).toBe(60);
    expect(usage.total.parts).toBe(rows.reduce((sum, row) => sum + (row.segments ?? 1), 0));
    expect(usage.total.amount).toBe(roundPrice(expected));
    expect(usage.groups).toHaveLength(1);
  });

  it('prices the old messages once: a later price table and a second start change nothing', async () => {
    const before = await pricedUsage(db, { ...range, groupBy: ['country', 'encoding', 'unitPrice'] });
    await updateMessagingSettings(db, { pricePerSegment: 0.5, pricePerSegmentUcs2: 0.6, countryPrices: [] });
    await db.execute(
      sql`insert into messages (kind, phone, status, sent_at) values ('test', '+33612345678', 'sent', '2026-04-01T10:00:00Z')`,
    );
    expect(await backfillMessagePrices(db)).toBe(0);
    await db.execute(sql`delete from messages where price_micros is null and sent_at is not null`);
    expect(await pricedUsage(db, { ...range, groupBy: ['country', 'encoding', 'unitPrice'] })).toEqual(before);
    // One line per country, encoding and the part price charged: France GSM-7 at 0.05.
    expect(before.groups).toContainEqual(expect.objectContaining({ country: 'FR', encoding: 'GSM-7', unitPrice: 0.05 }));
    await updateMessagingSettings(db, prices);
  });

  it('splits by country (Jersey apart from the UK, Canada from the US) and every grouping sums to the total', async () => {
    const total = (await pricedUsage(db, range)).total;
    const byCountry = await pricedUsage(db, { ...range, groupBy: ['country'] });
    expect(byCountry.groups.map((group) => group.country).sort()).toEqual(['CA', 'DE', 'FR', 'GB', 'JE', 'US']);
    for (const groupBy of [
      ['day'],
      ['week'],
      ['month'],
      ['campaign'],
      ['apiKey'],
      ['user'],
      ['encoding'],
      ['month', 'country', 'campaign'],
    ] as const) {
      const usage = await pricedUsage(db, { ...range, groupBy });
      expect(usage.groups.reduce((sum, group) => sum + group.messages, 0)).toBe(total.messages);
      expect(roundPrice(usage.groups.reduce((sum, group) => sum + group.amount, 0))).toBe(total.amount);
    }
  });

  it('buckets by the organisation time zone and filters', async () => {
    const months = await pricedUsage(db, { ...range, groupBy: ['month'] });
    // 2026-03-30 21:30Z is 23:30 in Paris (summer time); hourly: 25 until 2026-03-31 23:30 local, 35 in April.
    expect(months.groups.map((group) => [group.bucket, group.messages])).toEqual(
      expect.arrayContaining([
        ['2026-03-01', 25],
        ['2026-04-01', 35],
      ]),
    );
    const weeks = await pricedUsage(db, { ...range, groupBy: ['week'] });
    expect(weeks.groups.every((group) => new Date(`${group.bucket}T12:00:00Z`).getUTCDay() === 1)).toBe(true);
    const campaign = await pricedUsage(db, { ...range, filters: { campaignId } });
    expect(campaign.total.messages).toBe(10);
    const key = await pricedUsage(db, { ...range, groupBy: ['apiKey'], filters: { apiKeyId: keyId } });
    expect(key.groups).toEqual([expect.objectContaining({ apiKeyId: keyId, messages: 10 })]);
    const none = await pricedUsage(db, { from: new Date('2027-01-01T00:00:00Z'), to: new Date('2027-02-01T00:00:00Z') });
    expect(none.total).toEqual({ messages: 0, parts: 0, amount: 0 });
  });

  it('sums the month to date from a settled part kept between checks and the last minutes read at each', async () => {
    forgetSettledSpend();
    const insert = (ago: string, micros: number) =>
      db.execute(sql`insert into messages (kind, phone, status, sent_at, price_micros, price_currency)
        values ('test', '+33612345678', 'sent', now() - ${ago}::interval, ${micros}, 'EUR')`);
    const base = (await computeBudgetState(db)).spent;
    await insert('1 hour', 500_000);
    forgetSettledSpend();
    expect((await computeBudgetState(db)).spent).toBe(roundPrice(base + 0.5));
    await insert('0 seconds', 250_000);
    expect((await computeBudgetState(db)).spent).toBe(roundPrice(base + 0.75));
    // Priced in another currency (the organisation changed it): not added to this one's spend.
    await db.execute(sql`insert into messages (kind, phone, status, sent_at, price_micros, price_currency)
      values ('test', '+33612345678', 'sent', now(), 9000000, 'USD')`);
    expect((await computeBudgetState(db)).spent).toBe(roundPrice(base + 0.75));
  });
});
