import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sms/contracts/languages';
import { LOCALES, type Locale } from '@sms/contracts/locales';

/** localStorage key of the chosen interface language (one of the four or a MUI locale: decision 107). */
export const LANGUAGE_KEY = 'lang';

/** A supported language from a stored or browser value ('fr-CA' -> 'fr'), else the default (en). */
export function toLanguage(value: string | null | undefined): Language {
  const base = (value ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : DEFAULT_LANGUAGE;
}

/**
 * A locale the interface offers from a stored or browser value: one of MUI's as written ('de-DE',
 * 'de_de'), else one of the four by its base ('fr-CA' -> 'fr'), else en.
 */
export function toLocale(value: string | null | undefined): Locale {
  const wanted = (value ?? '').trim().replace('_', '-').toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  return exact ?? toLanguage(value);
}

/** The locale stored in localStorage, else en (spec: the default interface language is en). */
export function readStoredLanguage(): Locale {
  try {
    return toLocale(window.localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}
