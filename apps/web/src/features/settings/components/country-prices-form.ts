import { countryPricesSchema, type CountryPrice } from '@sms/contracts/pricing';
import { parseDecimal } from './messaging-form';

/** A row of the country price table while typed: prices stay text. */
export interface CountryPriceRow {
  country: string;
  gsm7: string;
  ucs2: string;
}

/** Errors by row index and field ('country' | 'gsm7' | 'ucs2'): a translation key or the schema's message. */
export type CountryPriceErrors = Record<string, string>;

export const errorKey = (index: number, field: keyof CountryPriceRow) => `${index}.${field}`;

export const rowsOf = (prices: CountryPrice[]): CountryPriceRow[] =>
  prices.map((row) => ({ country: row.country, gsm7: String(row.gsm7), ucs2: String(row.ucs2) }));

/** Checks the rows with the shared schema (codes, non-negative prices of at most four decimals, each country once). */
export function validateCountryPrices(rows: CountryPriceRow[]): { output: CountryPrice[] } | { errors: CountryPriceErrors } {
  const parsedRows = rows.map((row) => ({ country: row.country, gsm7: parseDecimal(row.gsm7), ucs2: parseDecimal(row.ucs2) }));
  const parsed = countryPricesSchema.safeParse(parsedRows);
  if (parsed.success) return { output: parsed.data };
  const errors: CountryPriceErrors = {};
  for (const issue of parsed.error.issues) {
    const [index, field] = issue.path as [number, keyof CountryPriceRow];
    if (typeof index !== 'number' || !field) continue;
    const value = parsedRows[index]?.[field];
    errors[errorKey(index, field)] ??=
      field === 'country'
        ? rows[index]?.country
          ? 'messaging.prices.duplicate'
          : 'messaging.prices.chooseCountry'
        : Number.isNaN(value)
          ? 'validation.number'
          : issue.message;
  }
  return { errors };
}
