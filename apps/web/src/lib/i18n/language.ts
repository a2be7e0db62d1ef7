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

/** Names of each language in itself, for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  ar: 'العربية',
  zh: '中文',
};

/**
 * A locale's name in itself ("Deutsch (Deutschland)", "português (Brasil)"), from the runtime's
 * Intl.DisplayNames, the code itself where the runtime cannot name it.
 */
export function localeName(locale: string): string {
  if (locale in LANGUAGE_NAMES) return LANGUAGE_NAMES[locale as Language];
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : locale;
  } catch {
    return locale;
  }
}

/** Every locale with its native name, the four complete languages first (then MUI's in code order). */
export const localeOptions = (): { value: Locale; label: string; lang: Locale }[] =>
  LOCALES.map((locale) => ({ value: locale, label: localeName(locale), lang: locale }));
