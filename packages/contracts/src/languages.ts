/** Interface languages with their own translations (spec section 3: en, fr, ar and Chinese). */
export const LANGUAGES = ['en', 'fr', 'ar', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export type Direction = 'ltr' | 'rtl';

/** Text direction that follows a language when the user has not chosen one. */
export const directionOf = (language: string): Direction => (language.startsWith('ar') ? 'rtl' : 'ltr');
