import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  estimateCost,
  isKnownCurrency,
  messagePrice,
  partPrice,
  partPriceSchema,
  roundPrice,
  type PriceTable,
} from './pricing.ts';

const table: PriceTable = {
  pricePerSegment: 0.01,
  pricePerSegmentUcs2: 0.02,
  countryPrices: [{ country: 'FR', gsm7: 0.03, ucs2: 0.05 }],
};

describe('price table', () => {
  it('prices a part by the country row, else the default, per encoding', () => {
    expect(partPrice(table, 'FR', 'GSM-7')).toBe(0.03);
    expect(partPrice(table, 'FR', 'UCS-2')).toBe(0.05);
    expect(partPrice(table, 'DE', 'GSM-7')).toBe(0.01);
    expect(partPrice(table, null, 'UCS-2')).toBe(0.02);
  });

  it('prices a message as its parts x the part price of its country and encoding', () => {
    expect(messagePrice(table, 'FR', 'GSM-7', 3)).toBeCloseTo(0.09, 10);
    expect(messagePrice(table, 'FR', 'UCS-2', 1)).toBe(0.05);
    expect(messagePrice(table, null, 'UCS-2', 2)).toBe(0.04);
    expect(messagePrice(table, 'DE', 'GSM-7', 0)).toBe(0);
    expect(messagePrice(table, 'DE', 'GSM-7', -1)).toBe(0);
    expect(roundPrice(0.1 + 0.2)).toBe(0.3);
  });

  it('estimates as the sum of the recipients message prices', () => {
    const destinations = [
      { country: 'FR', recipients: 4 },
      { country: 'DE', recipients: 5 },
    ];
    const bySum = destinations.reduce((sum, entry) => sum + entry.recipients * messagePrice(table, entry.country, 'UCS-2', 2), 0);
    expect(estimateCost(table, destinations, 'UCS-2', 2)).toBe(roundPrice(bySum));
  });

  it('sums recipients x parts x price, without binary drift', () => {
    const destinations = [
      { country: 'FR', recipients: 3 },
      { country: null, recipients: 7 },
    ];
    expect(estimateCost(table, destinations, 'GSM-7', 2)).toBe(0.32);
    expect(estimateCost(table, destinations, 'UCS-2', 1)).toBe(0.29);
    expect(estimateCost(table, [], 'GSM-7', 3)).toBe(0);
    expect(estimateCost({ ...table, pricePerSegment: 0.1 }, [{ country: null, recipients: 3 }], 'GSM-7', 1)).toBe(0.3);
  });

  it('accepts prices of at most four decimals and known currencies', () => {
    expect(partPriceSchema('p').safeParse(0.0075).success).toBe(true);
    expect(partPriceSchema('p').safeParse(0.00751).success).toBe(false);
    expect(partPriceSchema('p').safeParse(-0.01).success).toBe(false);
    expect(isKnownCurrency('EUR')).toBe(true);
    expect(isKnownCurrency('ABC')).toBe(false);
    expect([currencyDigits('USD'), currencyDigits('JPY'), currencyDigits('KWD')]).toEqual([2, 0, 3]);
  });
});
