import type { Language } from '@sms/contracts/languages';
import type { Locale, MuiLocale } from '@sms/contracts/locales';
import type { Localization } from '@mui/material/locale';

/** MUI's labels are English by default: en needs no file. */
const ENGLISH: Localization = {};

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Localization>> = {
  fr: () => import('./mui-locales/fr').then((module) => module.muiLocale),
  ar: () => import('./mui-locales/ar').then((module) => module.muiLocale),
  zh: () => import('./mui-locales/zh').then((module) => module.muiLocale),
};

/** MUI's export names that are not the locale's tag without its hyphen (Khmer, Burmese, Malay, Filipino). */
const EXPORT_NAME: Partial<Record<string, string>> = { 'km-KH': 'khKH', 'my-MM': 'myMY', 'ms-MY': 'msMS', 'fil-PH': 'tlTL' };
/** A MUI locale's export name ('de-DE' -> 'deDE', 'km-KH' -> 'khKH'). */
export const exportNameOf = (locale: string): string => EXPORT_NAME[locale] ?? locale.replace('-', '');
/** kk-KZ's date pickers texts are exported as kzKZ. */
const PICKERS_NAME: Partial<Record<string, string>> = { kkKZ: 'kzKZ' };

/** The MUI theme parts of a locale: the core components' labels and, where MUI X has them, the date pickers' texts. */
interface LoadedLocale {
  core: Localization;
  pickers: Localization | null;
}

const loaded = new Map<Locale, LoadedLocale>([['en', { core: ENGLISH, pickers: null }]]);

async function loadExtra(locale: MuiLocale): Promise<LoadedLocale> {
  const { core, pickers } = await import('./mui-locales/extra');
  const name = exportNameOf(locale);
  const coreLocale = (core as unknown as Record<string, Localization | undefined>)[name] ?? ENGLISH;
  const pickersLocale = (pickers as unknown as Record<string, Localization | undefined>)[PICKERS_NAME[name] ?? name] ?? null;
  return { core: coreLocale, pickers: pickersLocale };
}

/** Downloads a locale's MUI component labels (pagination, alerts, date pickers, ...) once. */
export async function loadMuiLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  if (locale in loaders) {
    loaded.set(locale, { core: await loaders[locale as Exclude<Language, 'en'>](), pickers: null });
    return;
  }
  loaded.set(locale, await loadExtra(locale as MuiLocale));
}

/** The MUI labels of a locale already loaded (English until its file has arrived). */
export function muiLocaleOf(locale: Locale): Localization {
  return loaded.get(locale)?.core ?? ENGLISH;
}

/**
 * The date pickers' theme texts of a MUI locale already loaded (null for the four languages,
 * whose picker texts the picker field sets itself, and where MUI X has none).
 */
export function pickersLocaleOf(locale: Locale): Localization | null {
  return loaded.get(locale)?.pickers ?? null;
}
