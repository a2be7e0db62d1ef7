import { formatLocaleFor } from '@sms/contracts/locales';

/** The organisation's country, which gives a language without a region its formats (decision 107). */
let formatCountry: string | null = null;
const listeners = new Set<() => void>();

/** Sets the country whose formats a language without a region takes (en + KE -> en-KE); null: none. */
export function setFormatCountry(country: string | null): void {
  const next = country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null;
  if (next === formatCountry) return;
  formatCountry = next;
  for (const listener of listeners) listener();
}

export const getFormatCountry = (): string | null => formatCountry;

export function subscribeFormatCountry(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The locale every `Intl` formatter of the interface is given (decision 044): one digit system per
 * language, Latin digits in all four, Arabic included (`ar-u-nu-latn`). Plain `ar` gives Latin or
 * Arabic-Indic digits depending on the browser's ICU data, and MUI's Arabic grid texts format with
 * `ar-SD` (Arabic-Indic): a page mixed both. A language without a region takes the organisation's
 * country (`setFormatCountry`: en in Kenya formats as en-KE, day-month-year); a chosen locale
 * such as de-DE keeps its own (decision 107).
 */
export function intlLocale(language: string, country: string | null = formatCountry): string {
  const locale = formatLocaleFor(language, country);
  return language === 'ar' || language.startsWith('ar-') ? `${locale}-u-nu-latn` : locale;
}
