import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sms/contracts/languages';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY, readStoredLanguage } from './language';

// Every src/locales/<language>/<namespace>.json is bundled, so feature namespaces need no wiring.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

/** Turns the glob result into i18next resources: { en: { common: {...}, users: {...} }, ... }. */
function toResources(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    (resources[match[1]] ??= {})[match[2]] = content;
  }
  return resources;
}

const resources = toResources(files);

void i18next.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? { common: {} }),
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Switches the interface language and remembers it (localStorage `lang`). */
export async function setLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  await i18next.changeLanguage(language);
}

export { i18next as i18n };
