import { LANGUAGES } from '@sms/contracts/languages';
import { LOCALES, textLanguageOf, type Locale } from '@sms/contracts/locales';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY, readStoredLanguage, toLocale } from './language';
import { loadMuiLocale } from './mui-locale';

// Every src/locales/<language>/<namespace>.json is found here, so feature namespaces need no wiring.
// They load on demand, one language at a time: first the entry's start set, then the public site's
// or the signed-in frame's, then each page's own (decision 067; which set is which: delivery/text-sets.ts).
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });
const loaders = new Map(
  Object.entries(files).flatMap(([path, load]) => {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    return match ? [[`${match[1]}/${match[2]}`, load] as const] : [];
  }),
);

/**
 * Reads a namespace that no page loaded beside its code (`withTexts`, delivery/): react-i18next then
 * suspends the component until it is here instead of showing keys. The build derives each page's
 * namespaces from its source (delivery/page-texts.ts), so this is a safety net, not the way texts
 * normally arrive.
 */
const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = loaders.get(`${language}/${namespace}`);
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

void i18next
  .use(backend)
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
    lng: readStoredLanguage(),
    // Only the active language is downloaded; the translation tests keep every language complete.
    // A MUI locale (de-DE, ...) has no texts of its own: the product's text is English (decision 107).
    fallbackLng: (code: string) => ((LANGUAGES as readonly string[]).includes(code) ? [] : ['en']),
    supportedLngs: [...LOCALES],
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/** Every namespace asked for so far: a language switch downloads the same ones in the new language. */
const asked = new Set<string>();

/** `muiLabels: false`: the page has no MUI components (the sign-in entry), so a locale's MUI labels wait for the app. */
interface LoadOptions {
  muiLabels?: boolean;
}

/**
 * Downloads the given namespaces of a locale's text language (those it does not have yet: English
 * for a MUI locale such as de-DE) and, unless told not to, its MUI labels.
 */
async function loadLanguage(locale: Locale, namespaces: Iterable<string> = asked, { muiLabels = true }: LoadOptions = {}): Promise<void> {
  const language = textLanguageOf(locale);
  const pending = [...namespaces]
    .filter((namespace) => !i18next.hasResourceBundle(language, namespace))
    .map(async (namespace) => {
      const load = loaders.get(`${language}/${namespace}`);
      if (load) i18next.addResourceBundle(language, namespace, await load(), true, true);
    });
  await Promise.all([...pending, muiLabels ? loadMuiLocale(locale) : undefined]);
}

/** Namespaces of the active language that a page or frame is about to read (each downloads once). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  for (const namespace of namespaces) asked.add(namespace);
  return loadLanguage(toLocale(i18next.language), namespaces);
}

/** The stored language's start set (the entry's: delivery/text-sets.ts), to load before the first render. */
export function loadStartLanguage(namespaces: readonly string[], options?: LoadOptions): Promise<void> {
  for (const namespace of namespaces) asked.add(namespace);
  return loadLanguage(readStoredLanguage(), asked, options);
}

/** Switches the interface language or locale (downloading it first) and remembers it (localStorage `lang`). */
export async function setLanguage(language: Locale, options?: LoadOptions): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  await loadLanguage(language, asked, options);
  await i18next.changeLanguage(language);
}

export { i18next as i18n };
