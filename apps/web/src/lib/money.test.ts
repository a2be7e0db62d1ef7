import { describe, expect, it } from 'vitest';
import { formatMoney, formatUnitPrice } from './money';

const visible = (text: string) => text.replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/\s/g, ' ');

describe('money on a right-to-left page', () => {
  it('isolates the currency sign, so "US$" is never painted "$US"', () => {
    const price = formatUnitPrice(0.0075, 'USD', 'ar');
    expect(price).toContain('\u2068US$\u2069');
    expect(visible(price)).toBe('0.0075 US$');
    expect(visible(formatMoney(12.5, 'EUR', 'ar'))).toBe('12.50 €');
  });

  it('leaves left-to-right languages as Intl writes them', () => {
    expect(formatUnitPrice(0.0075, 'USD', 'en')).toBe('$0.0075');
    expect(formatMoney(0.05, 'EUR', 'fr')).toBe(new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(0.05));
  });
});
