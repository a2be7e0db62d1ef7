import { LANGUAGES, type Language } from './languages.ts';

/**
 * The locales MUI ships component labels for (@mui/material/locale: pagination, alerts, ...; the
 * date pickers' texts where @mui/x-date-pickers/locales has them), beyond the four languages the
 * product translates itself (decision 107). A user may choose any of them: MUI's labels, dates,
 * numbers and the first day of the week follow it; the product's own text falls back to English.
 * The English, French, Arabic and Chinese variants are left out: en, fr, ar and zh cover them.
 */
export const MUI_LOCALES = [
  'am-ET',
  'az-AZ',
  'be-BY',
  'bg-BG',
  'bn-BD',
  'ca-ES',
  'cs-CZ',
  'da-DK',
  'de-DE',
  'el-GR',
  'es-ES',
  'et-EE',
  'fa-IR',
  'fi-FI',
  'he-IL',
  'hi-IN',
  'hr-HR',
  'hu-HU',
  'hy-AM',
  'id-ID',
  'is-IS',
  'it-IT',
  'ja-JP',
  'kk-KZ',
  'km-KH',
  'ko-KR',
  'mk-MK',
  'ms-MY',
  'my-MM',
  'nb-NO',
  'ne-NP',
  'nl-NL',
  'nn-NO',
  'pl-PL',
  'ps-AF',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'si-LK',
  'sk-SK',
  'sr-RS',
  'sv-SE',
  'th-TH',
  'fil-PH',
  'tr-TR',
  'uk-UA',
  'ur-PK',
  'vi-VN',
] as const;
export type MuiLocale = (typeof MUI_LOCALES)[number];

/** Every locale a user may choose: the four complete languages first, then MUI's. */
export const LOCALES = [...LANGUAGES, ...MUI_LOCALES] as const;
export type Locale = (typeof LOCALES)[number];

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The language the product's own text is shown in: the locale itself for the four, else English. */
export const textLanguageOf = (locale: string): Language =>
  (LANGUAGES as readonly string[]).includes(locale) ? (locale as Language) : 'en';

/** The region of a locale tag ('de-DE' -> 'DE', 'en' -> undefined). */
export const regionOf = (locale: string): string | undefined =>
  locale
    .split(/[-_]/)
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$|^\d{3}$/.test(part))
    ?.toUpperCase();

/**
 * The locale dates and numbers are formatted with for a user who chose no regional locale: the
 * interface language in the organisation's country (en + KE -> en-KE: day-month-year, 24-hour
 * clock), so a Kenyan organisation does not get US formats. A locale with its own region (de-DE)
 * keeps it; no country keeps the language.
 */
export function formatLocaleFor(locale: string, country: string | null | undefined): string {
  if (!country || !/^[A-Za-z]{2}$/.test(country) || regionOf(locale)) return locale;
  return `${locale}-${country.toUpperCase()}`;
}
