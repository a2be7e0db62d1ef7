import type { Locale } from '@sms/contracts/locales';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from './i18n';
import { getFormatCountry, subscribeFormatCountry } from './intl-locale';
import { toLocale } from './language';

/**
 * The active interface locale (one of the four languages or a MUI locale such as de-DE: decision
 * 107) and a setter that persists it. Components that format with it render again when the
 * organisation's country (the formats of a language without a region) becomes known.
 */
export function useLanguage(): { language: Locale; setLanguage: (language: Locale) => Promise<void> } {
  const { i18n } = useTranslation();
  useSyncExternalStore(subscribeFormatCountry, getFormatCountry, () => null);
  return { language: toLocale(i18n.language), setLanguage };
}
