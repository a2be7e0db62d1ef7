// Money in the currency's own digits (Intl.NumberFormat), shared by the composer's estimate and the pricing pages.
import { directionOf } from '@sms/contracts/languages';
import { intlLocale } from './i18n/intl-locale';

/** First-strong isolate and its end: the text between keeps its own direction inside the page's. */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * The formatted amount; on a right-to-left page its currency sign is an isolate, so "US$" stays
 * "US$" (not "$US", its "$" taken into the Arabic run) and sits after the number as Arabic reads it.
 */
function formatted(format: Intl.NumberFormat, value: number, language: string): string {
  if (directionOf(language) !== 'rtl') return format.format(value);
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'currency' ? `${FSI}${part.value}${PDI}` : part.value))
    .join('');
}

/** A total in the currency's own digits ("$0.65", "¥65", "KWD 0.650"). */
export function formatMoney(value: number, currency: string, language: string): string {
  return formatted(new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }), value, language);
}

/** A unit price: the currency's digits, or up to four when a part costs a fraction of a cent ("$0.0435"). */
export function formatUnitPrice(value: number, currency: string, language: string): string {
  const digits = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).resolvedOptions().minimumFractionDigits ?? 2;
  const format = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency, maximumFractionDigits: Math.max(digits, 4) });
  return formatted(format, value, language);
}
