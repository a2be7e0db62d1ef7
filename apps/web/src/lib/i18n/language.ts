import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sms/contracts/languages';

/** localStorage key of the chosen interface language. */
export const LANGUAGE_KEY = 'lang';

/** A supported language from a stored or browser value ('fr-CA' -> 'fr'), else the default (en). */
export function toLanguage(value: string | null | undefined): Language {
  const base = (value ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : DEFAULT_LANGUAGE;
}

/** The language stored in localStorage, else en (spec: the default interface language is en). */
export function readStoredLanguage(): Language {
  try {
    return toLanguage(window.localStorage.getItem(LANGUAGE_KEY));
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
