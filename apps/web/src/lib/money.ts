// Money in the currency's own digits (Intl.NumberFormat), shared by the composer's estimate and the pricing pages.
import { intlLocale } from './i18n/intl-locale';

/** A total in the currency's own digits ("$0.65", "¥65", "KWD 0.650"). */
export function formatMoney(value: number, currency: string, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).format(value);
}

/** A unit price: the currency's digits, or up to four when a part costs a fraction of a cent ("$0.0435"). */
export function formatUnitPrice(value: number, currency: string, language: string): string {
  const digits = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).resolvedOptions().minimumFractionDigits ?? 2;
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency, maximumFractionDigits: Math.max(digits, 4) }).format(
    value,
  );
}
