import type { Language } from '@sms/contracts/languages';
import type { Localization } from '@mui/material/locale';

/** MUI's labels are English by default: en needs no file. */
const ENGLISH: Localization = {};

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Localization>> = {
  fr: () => import('./mui-locales/fr').then((module) => module.muiLocale),
  ar: () => import('./mui-locales/ar').then((module) => module.muiLocale),
  zh: () => import('./mui-locales/zh').then((module) => module.muiLocale),
};

const loaded = new Map<Language, Localization>([['en', ENGLISH]]);

/** Downloads a language's MUI component labels (pagination, alerts, ...) once. */
export async function loadMuiLocale(language: Language): Promise<void> {
  if (language === 'en' || loaded.has(language)) return;
  loaded.set(language, await loaders[language]());
}

/** The MUI labels of a language already loaded (English until its file has arrived). */
export function muiLocaleOf(language: Language): Localization {
  return loaded.get(language) ?? ENGLISH;
}
