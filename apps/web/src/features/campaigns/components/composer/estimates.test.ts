import { describe, expect, it } from 'vitest';
import { partPrice, type PriceTable } from '@sms/contracts/pricing';
import { formatMoney, formatUnitPrice } from '../../../../lib/money';
import { durationParts, estimateCampaign, formatDuration, gatewayPace, partPriceRange } from './estimates';

const start = new Date('2026-05-01T09:00:00Z');
const flat: PriceTable = { pricePerSegment: 0.0075, pricePerSegmentUcs2: 0.0075, countryPrices: [] };
const base = {
  recipients: 1000,
  segmentsPerMessage: 2,
  destinations: null,
  prices: flat,
  encoding: 'GSM-7' as const,
  campaignRate: null,
  gatewayRate: null,
  start,
};

describe('estimateCampaign', () => {
  it('prices every part of every message', () => {
    const estimate = estimateCampaign(base);
    expect(estimate.totalSegments).toBe(2000);
    expect(estimate.cost).toBeCloseTo(15, 10);
  });

  it("prices each destination country at the table's price for the message's encoding, as the pricing page lists it", () => {
    const prices: PriceTable = {
      pricePerSegment: 0.01,
      pricePerSegmentUcs2: 0.02,
      countryPrices: [
        { country: 'FR', gsm7: 0.04, ucs2: 0.06 },
        { country: 'CA', gsm7: 0.011, ucs2: 0.0125 },
      ],
    };
    const destinations = [
      { country: 'FR', recipients: 300 },
      { country: 'CA', recipients: 200 },
      { country: 'US', recipients: 500 },
    ];
    // The pricing page's rows, read one by one: the figure the composer shows is their sum.
    const byTable = (encoding: 'GSM-7' | 'UCS-2', parts: number) =>
      destinations.reduce((sum, entry) => sum + entry.recipients * parts * partPrice(prices, entry.country, encoding), 0);
    const gsm = estimateCampaign({ ...base, destinations, prices });
    expect(gsm.cost).toBeCloseTo(byTable('GSM-7', 2), 10);
    expect(gsm.cost).toBeCloseTo(2 * (300 * 0.04 + 200 * 0.011 + 500 * 0.01), 10);
    const unicode = estimateCampaign({ ...base, segmentsPerMessage: 3, destinations, prices, encoding: 'UCS-2' });
    expect(unicode.cost).toBeCloseTo(3 * (300 * 0.06 + 200 * 0.0125 + 500 * 0.02), 10);
    expect(partPriceRange(prices, destinations, 'GSM-7')).toEqual({ min: 0.01, max: 0.04 });
    expect(partPriceRange(prices, null, 'UCS-2')).toEqual({ min: 0.02, max: 0.02 });
  });

  it('has no finish time without any rate limit (it depends on the gateway)', () => {
    expect(estimateCampaign(base)).toMatchObject({ rate: null, durationSeconds: null, finishAt: null });
  });

  it('uses the lower of the campaign and gateway limits, in messages per second whatever the parts', () => {
    const campaignOnly = estimateCampaign({ ...base, campaignRate: 10 });
    expect(campaignOnly).toMatchObject({ rate: 10, durationSeconds: 100 });
    expect(campaignOnly.finishAt?.toISOString()).toBe('2026-05-01T09:01:40.000Z');
    expect(estimateCampaign({ ...base, campaignRate: 50, gatewayRate: 20 })).toMatchObject({ rate: 20, durationSeconds: 50 });
    expect(estimateCampaign({ ...base, campaignRate: null, gatewayRate: 3 })).toMatchObject({ rate: 3, durationSeconds: 334 });
  });

  it('has no cost without a price, and nothing for an empty audience', () => {
    expect(estimateCampaign({ ...base, prices: null }).cost).toBeNull();
    expect(estimateCampaign({ ...base, recipients: 0, campaignRate: 5 })).toMatchObject({ totalSegments: 0, cost: 0, durationSeconds: 0 });
  });
});

describe('durations', () => {
  it('splits into days, hours and minutes (seconds only under a minute)', () => {
    expect(durationParts(42)).toEqual([{ unit: 'second', value: 42 }]);
    expect(durationParts(60)).toEqual([{ unit: 'minute', value: 1 }]);
    expect(durationParts(61)).toEqual([{ unit: 'minute', value: 2 }]);
    expect(durationParts(3 * 86_400 + 7200 + 300)).toEqual([
      { unit: 'day', value: 3 },
      { unit: 'hour', value: 2 },
      { unit: 'minute', value: 5 },
    ]);
    expect(durationParts(7200)).toEqual([{ unit: 'hour', value: 2 }]);
  });

  it('formats in the interface language', () => {
    expect(formatDuration(3900, 'en')).toBe('1 hr 5 min');
    expect(formatDuration(30, 'en')).toBe('30 sec');
  });
});

describe('gateway pace', () => {
  it("is the gateway's limit when set, else the simulator's accepted rate, else unknown", () => {
    expect(gatewayPace({ kind: 'smpp', rateLimit: 40, config: {} })).toBe(40);
    expect(gatewayPace({ kind: 'simulator', rateLimit: null, config: { acceptPerSecond: 500 } })).toBe(500);
    expect(gatewayPace({ kind: 'simulator', rateLimit: 20, config: { acceptPerSecond: 500 } })).toBe(20);
    expect(gatewayPace({ kind: 'smpp', rateLimit: null, config: { host: 'smsc.example' } })).toBeNull();
    expect(gatewayPace({ kind: 'twilio', rateLimit: null, config: {} })).toBeNull();
  });

  it('gives the simulator a finish time instead of "depends on the gateway"', () => {
    const estimate = estimateCampaign({
      recipients: 1000,
      segmentsPerMessage: 2,
      destinations: null,
      prices: null,
      encoding: 'GSM-7',
      campaignRate: null,
      gatewayRate: gatewayPace({ kind: 'simulator', rateLimit: null, config: { acceptPerSecond: 500 } }),
      start: new Date('2026-01-01T09:00:00Z'),
    });
    expect(estimate).toMatchObject({ rate: 500, durationSeconds: 2, finishAt: new Date('2026-01-01T09:00:02Z') });
  });
});

describe('money', () => {
  it("shows totals in the currency's own digits and unit prices down to a hundredth of a cent", () => {
    expect(formatMoney(0.6525, 'USD', 'en')).toBe('$0.65');
    expect(formatMoney(65.25, 'JPY', 'en')).toBe('¥65');
    expect(formatMoney(0.6525, 'KWD', 'en')).toBe('KWD 0.653');
    expect(formatUnitPrice(0.0435, 'USD', 'en')).toBe('$0.0435');
    expect(formatUnitPrice(0.05, 'EUR', 'fr')).toBe('0,05 €');
  });
});
