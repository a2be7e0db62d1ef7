import { describe, expect, it } from 'vitest';
import { durationParts, estimateCampaign, formatDuration, formatMoney, formatUnitPrice, gatewayPace } from './estimates';

const start = new Date('2026-05-01T09:00:00Z');
const base = { recipients: 1000, segmentsPerMessage: 2, pricePerSegment: 0.0075, campaignRate: null, gatewayRate: null, start };

describe('estimateCampaign', () => {
  it('prices every part of every message', () => {
    const estimate = estimateCampaign(base);
    expect(estimate.totalSegments).toBe(2000);
    expect(estimate.cost).toBeCloseTo(15, 10);
  });

  it('has no finish time without any rate limit (it depends on the gateway)', () => {
    expect(estimateCampaign(base)).toMatchObject({ rate: null, durationSeconds: null, finishAt: null });
  });

  it('uses the lower of the campaign and gateway limits', () => {
    const campaignOnly = estimateCampaign({ ...base, campaignRate: 10 });
    expect(campaignOnly).toMatchObject({ rate: 10, durationSeconds: 200 });
    expect(campaignOnly.finishAt?.toISOString()).toBe('2026-05-01T09:03:20.000Z');
    expect(estimateCampaign({ ...base, campaignRate: 50, gatewayRate: 20 })).toMatchObject({ rate: 20, durationSeconds: 100 });
    expect(estimateCampaign({ ...base, campaignRate: null, gatewayRate: 3 })).toMatchObject({ rate: 3, durationSeconds: 667 });
  });

  it('has no cost without a price, and nothing for an empty audience', () => {
    expect(estimateCampaign({ ...base, pricePerSegment: null }).cost).toBeNull();
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
      pricePerSegment: null,
      campaignRate: null,
      gatewayRate: gatewayPace({ kind: 'simulator', rateLimit: null, config: { acceptPerSecond: 500 } }),
      start: new Date('2026-01-01T09:00:00Z'),
    });
    expect(estimate).toMatchObject({ rate: 500, durationSeconds: 4, finishAt: new Date('2026-01-01T09:00:04Z') });
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
