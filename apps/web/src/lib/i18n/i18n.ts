import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sms/contracts/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY, readStoredLanguage, toLanguage } from './language';
import { loadMuiLocale } from './mui-locale';
import { PUBLIC_SITE_NAMESPACES, SIGN_IN_NAMESPACES } from './sign-in-namespaces';

// Every src/locales/<language>/<namespace>.json is found here, so feature namespaces need no wiring.
// They load on demand, one language at a time: first the sign-in pages' namespaces, then the public
// site's (with its frame) or (with the signed-in frame) all the rest; the build puts each of these
// sets of a language in one file.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

/** { language: [[namespace, loader], ...] } from the glob's paths. */
const loadersByLanguage = new Map<string, Array<[namespace: string, load: () => Promise<Record<string, unknown>>]>>();
for (const [path, load] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  const list = loadersByLanguage.get(match[1]) ?? [];
  list.push([match[2], load]);
  loadersByLanguage.set(match[1], list);
}

const namespaces = (loadersByLanguage.get(DEFAULT_LANGUAGE) ?? []).map(([namespace]) => namespace);

void i18next.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: readStoredLanguage(),
  // Only the active language is downloaded; the translation tests keep every language complete.
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  ns: namespaces.length > 0 ? namespaces : ['common'],
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The namespaces asked for so far: the sign-in set, plus the public site's, or all once the signed-in frame asked (a language switch loads the same). */
let wanted: ReadonlySet<string> | 'all' = new Set(SIGN_IN_NAMESPACES);

/** Downloads a language's texts (the namespaces asked for so far) and MUI labels, each once. */
export async function loadLanguage(language: Language): Promise<void> {
  const pending = (loadersByLanguage.get(language) ?? [])
    .filter(([namespace]) => wanted === 'all' || wanted.has(namespace))
    .filter(([namespace]) => !i18next.hasResourceBundle(language, namespace))
    .map(async ([namespace, load]) => i18next.addResourceBundle(language, namespace, await load(), true, true));
  await Promise.all([...pending, loadMuiLocale(language)]);
}

/** The public site's namespaces of the active language: its frame waits for them. */
export function loadPublicSiteNamespaces(): Promise<void> {
  if (wanted !== 'all') wanted = new Set([...wanted, ...PUBLIC_SITE_NAMESPACES]);
  return loadLanguage(toLanguage(i18next.language));
}

/** Every namespace of the active language: the signed-in frame waits for it. */
export function loadEveryNamespace(): Promise<void> {
  wanted = 'all';
  return loadLanguage(toLanguage(i18next.language));
}

/** The stored language's texts, to load before the first render. */
export function loadStartLanguage(): Promise<void> {
  return loadLanguage(readStoredLanguage());
}

/** Switches the interface language (downloading it first) and remembers it (localStorage `lang`). */
export async function setLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  await loadLanguage(language);
  await i18next.changeLanguage(language);
}

export { i18next as i18n };
