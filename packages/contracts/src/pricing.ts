import { z } from 'zod';
import { isPhoneCountry } from './phone-countries.ts';
import type { SmsEncoding } from './sms-encoding.ts';

/**
 * The price table (Configurations -> Messaging): a default price per SMS part for each encoding,
 * and rows for destination countries that cost otherwise. The composer's cost estimate and both
 * pricing pages read it; `estimateCost` is the one computation of what a send costs.
 */

/** Most digits a price may have after the point: unit prices go below a cent ("0.0075"), but no finer. */
export const PRICE_MAX_DECIMALS = 4;
/** Countries a price table may list. */
export const COUNTRY_PRICES_MAX = 250;

const hasAtMostDecimals = (value: number, digits: number) => Math.abs(Math.round(value * 10 ** digits) - value * 10 ** digits) < 1e-6;

/** A price per part: 0 to 100 with at most four decimals. */
export const partPriceSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be 0 or more`)
    .max(100, `${field} must be at most 100`)
    .refine((value) => hasAtMostDecimals(value, PRICE_MAX_DECIMALS), `${field} may have at most ${PRICE_MAX_DECIMALS} decimals`);

/** One destination country's prices per part. */
export const countryPriceSchema = z.object({
  country: z
    .string({ error: 'country must be a two-letter country code (such as FR)' })
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, 'country must be a two-letter country code (such as FR)'),
  gsm7: partPriceSchema('gsm7'),
  ucs2: partPriceSchema('ucs2'),
});
export type CountryPrice = z.infer<typeof countryPriceSchema>;

/** The country rows: each country once, at most COUNTRY_PRICES_MAX. */
export const countryPricesSchema = z
  .array(countryPriceSchema, { error: 'countryPrices must be a list' })
  .max(COUNTRY_PRICES_MAX, `countryPrices may list at most ${COUNTRY_PRICES_MAX} countries`)
  .superRefine((rows, context) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (seen.has(row.country))
        context.addIssue({ code: 'custom', path: [index, 'country'], message: `countryPrices lists ${row.country} twice` });
      seen.add(row.country);
    });
  });

let currencies: Set<string> | undefined;
/** ISO 4217 currencies the runtime knows (Intl.supportedValuesOf; where missing, any three letters). */
export function isKnownCurrency(code: string): boolean {
  if (typeof Intl.supportedValuesOf !== 'function') return /^[A-Z]{3}$/.test(code);
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

/** Digits the currency is written with ("USD" 2, "JPY" 0, "KWD" 3). */
export const currencyDigits = (currency: string): number =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** What the estimate needs of the settings. */
export interface PriceTable {
  /** Default price of a GSM-7 part. */
  pricePerSegment: number;
  /** Default price of a UCS-2 part. */
  pricePerSegmentUcs2: number;
  countryPrices: CountryPrice[];
}

/** Recipients per destination country (null: no country known for the number). */
export interface DestinationCount {
  country: string | null;
  recipients: number;
}

/** The price of one part to a country in an encoding: the country's row, else the default. */
export function partPrice(table: PriceTable, country: string | null, encoding: SmsEncoding): number {
  const row = country === null ? undefined : table.countryPrices.find((entry) => entry.country === country);
  if (encoding === 'UCS-2') return row?.ucs2 ?? table.pricePerSegmentUcs2;
  return row?.gsm7 ?? table.pricePerSegment;
}

/**
 * The one price of a sent message: its parts x the price of a part to its country in its encoding.
 * Spend, statements and estimates all price through it (a message with no part count is one part).
 */
export function messagePrice(table: PriceTable, country: string | null, encoding: SmsEncoding, parts: number): number {
  return Math.max(0, parts) * partPrice(table, country, encoding);
}

/** Millionths of a unit: stored prices are whole numbers of these (a part price has at most 4 decimals, so exact). */
export const MICROS = 1_000_000;

/**
 * messagePrice in millionths of the currency, as the engine stores it on a message when the
 * gateway accepts it (decision 118): whole numbers, so sums never drift.
 */
export function messagePriceMicros(table: PriceTable, country: string | null, encoding: SmsEncoding, parts: number): number {
  return Math.max(0, parts) * Math.round(partPrice(table, country, encoding) * MICROS);
}

/** Sums of decimal prices drift in binary (0.1 + 0.2); a price has at most 4 decimals, so 8 are exact enough. */
export const roundPrice = (amount: number): number => Math.round(amount * 1e8) / 1e8;

/** What sending a message of `segments` parts to these recipients costs: sum of recipients x the message's price. */
export function estimateCost(table: PriceTable, destinations: DestinationCount[], encoding: SmsEncoding, segments: number): number {
  const total = destinations.reduce(
    (sum, entry) => sum + Math.max(0, entry.recipients) * messagePrice(table, entry.country, encoding, segments),
    0,
  );
  return roundPrice(total);
}
