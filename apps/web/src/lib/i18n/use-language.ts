import type { Language } from '@sms/contracts/languages';
import { useTranslation } from 'react-i18next';
import { setLanguage } from './i18n';
import { toLanguage } from './language';

/** The active interface language and a setter that persists it. */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => Promise<void> } {
  const { i18n } = useTranslation();
  return { language: toLanguage(i18n.resolvedLanguage ?? i18n.language), setLanguage };
}
