/** Interface languages with their own translations (spec section 3: en, fr, ar and Chinese). */
export const LANGUAGES = ['en', 'fr', 'ar', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export type Direction = 'ltr' | 'rtl';

/** Languages written right to left (Arabic, Persian, Hebrew, Urdu, Pashto, ...): decision 107. */
const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug']);

/** Text direction that follows a language or locale ('ar', 'fa-IR', 'he-IL': rtl) when the user has not chosen one. */
export const directionOf = (language: string): Direction =>
  RTL_LANGUAGES.has(language.toLowerCase().split(/[-_]/)[0] ?? '') ? 'rtl' : 'ltr';
