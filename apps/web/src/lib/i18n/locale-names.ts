import type { Language } from '@sms/contracts/languages';
import { LOCALES, type Locale, type MuiLocale } from '@sms/contracts/locales';

/**
 * Each MUI locale's name in itself, written out rather than asked of `Intl.DisplayNames`: the
 * sign-in page's list is rendered first by the server (Node's ICU data) and then by the browser,
 * whose data may name a locale differently, and every list shows the same names. CLDR 48's names.
 * Its own file, apart from language.ts: only the lists and their pages load it, not every page.
 */
export const MUI_LOCALE_NAMES: Record<MuiLocale, string> = {
  'am-ET': 'አማርኛ (ኢትዮጵያ)',
  'az-AZ': 'Azərbaycan (Azərbaycan)',
  'be-BY': 'Беларуская (Беларусь)',
  'bg-BG': 'Български (България)',
  'bn-BD': 'বাংলা (বাংলাদেশ)',
  'ca-ES': 'Català (Espanya)',
  'cs-CZ': 'Čeština (Česko)',
  'da-DK': 'Dansk (Danmark)',
  'de-DE': 'Deutsch (Deutschland)',
  'el-GR': 'Ελληνικά (Ελλάδα)',
  'es-ES': 'Español de España',
  'et-EE': 'Eesti (Eesti)',
  'fa-IR': 'فارسی (ایران)',
  'fi-FI': 'Suomi (Suomi)',
  'he-IL': 'עברית (ישראל)',
  'hi-IN': 'हिन्दी (भारत)',
  'hr-HR': 'Hrvatski (Hrvatska)',
  'hu-HU': 'Magyar (Magyarország)',
  'hy-AM': 'Հայերեն (Հայաստան)',
  'id-ID': 'Indonesia (Indonesia)',
  'is-IS': 'Íslenska (Ísland)',
  'it-IT': 'Italiano (Italia)',
  'ja-JP': '日本語 (日本)',
  'kk-KZ': 'Қазақ тілі (Қазақстан)',
  'km-KH': 'ខ្មែរ (កម្ពុជា)',
  'ko-KR': '한국어(대한민국)',
  'mk-MK': 'Македонски (Северна Македонија)',
  'ms-MY': 'Melayu (Malaysia)',
  'my-MM': 'မြန်မာ (မြန်မာ)',
  'nb-NO': 'Norsk bokmål (Norge)',
  'ne-NP': 'नेपाली (नेपाल)',
  'nl-NL': 'Nederlands (Nederland)',
  'nn-NO': 'Norsk nynorsk (Noreg)',
  'pl-PL': 'Polski (Polska)',
  'ps-AF': 'پښتو (افغانستان)',
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português europeu',
  'ro-RO': 'Română (România)',
  'ru-RU': 'Русский (Россия)',
  'si-LK': 'සිංහල (ශ්‍රී ලංකාව)',
  'sk-SK': 'Slovenčina (Slovensko)',
  'sr-RS': 'Српски (Србија)',
  'sv-SE': 'Svenska (Sverige)',
  'th-TH': 'ไทย (ไทย)',
  'fil-PH': 'Filipino (Pilipinas)',
  'tr-TR': 'Türkçe (Türkiye)',
  'uk-UA': 'Українська (Україна)',
  'ur-PK': 'اردو (پاکستان)',
  'vi-VN': 'Tiếng Việt (Việt Nam)',
};

/** Names of each language in itself, for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  ar: 'العربية',
  zh: '中文',
};

/** A locale's name in itself ("Deutsch (Deutschland)", "Português (Brasil)"), the code where none is known. */
export const localeName = (locale: string): string =>
  (LANGUAGE_NAMES as Record<string, string>)[locale] ?? (MUI_LOCALE_NAMES as Record<string, string>)[locale] ?? locale;

/** Every locale with its native name, the four complete languages first (then MUI's in code order). */
export const localeOptions = (): { value: Locale; label: string; lang: Locale }[] =>
  LOCALES.map((locale) => ({ value: locale, label: localeName(locale), lang: locale }));
