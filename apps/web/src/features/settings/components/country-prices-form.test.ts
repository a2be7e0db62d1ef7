import { describe, expect, it } from 'vitest';
import { rowsOf, validateCountryPrices } from './country-prices-form';

describe('country price rows', () => {
  it('reads the rows and writes them back, accepting a decimal comma and lower-case codes', () => {
    const rows = rowsOf([{ country: 'FR', gsm7: 0.04, ucs2: 0.06 }]);
    expect(rows).toEqual([{ country: 'FR', gsm7: '0.04', ucs2: '0.06' }]);
    expect(validateCountryPrices([...rows, { country: 'de', gsm7: '0,05', ucs2: '0' }])).toEqual({
      output: [
        { country: 'FR', gsm7: 0.04, ucs2: 0.06 },
        { country: 'DE', gsm7: 0.05, ucs2: 0 },
      ],
    });
  });

  it('names each wrong cell: no country, a country twice, a price that is not a non-negative decimal', () => {
    const result = validateCountryPrices([
      { country: '', gsm7: '0.1', ucs2: '0.1' },
      { country: 'FR', gsm7: 'cheap', ucs2: '-1' },
      { country: 'FR', gsm7: '0.1', ucs2: '0.12345' },
    ]);
    expect(result).toEqual({
      errors: {
        '0.country': 'messaging.prices.chooseCountry',
        '1.gsm7': 'validation.number',
        '1.ucs2': 'validation.number',
        '2.ucs2': 'ucs2 may have at most 4 decimals',
      },
    });
    // Each country once (checked once every cell is well formed).
    expect(
      validateCountryPrices(
        rowsOf([
          { country: 'FR', gsm7: 0.1, ucs2: 0.1 },
          { country: 'FR', gsm7: 0.2, ucs2: 0.2 },
        ]),
      ),
    ).toEqual({
      errors: { '1.country': 'messaging.prices.duplicate' },
    });
  });
});
