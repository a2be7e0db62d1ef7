import { directionOf } from '@sms/contracts/languages';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import { CustomizerContext, type CustomizerValue } from './customizer-context';
import { parseCustomizer, readCustomizer, writeCustomizer, type CustomizerSettings } from './customizer-settings';

/** Holds the customizer settings; a language change resets the direction to that language's. */
export function CustomizerProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<CustomizerSettings>(() => readCustomizer(i18n.language));

  const update = useCallback((changes: Partial<CustomizerSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...changes };
      writeCustomizer(next);
      return next;
    });
  }, []);

  const reset = useCallback(() => {
    const defaults = parseCustomizer(null, i18n.language);
    writeCustomizer(defaults);
    setSettings(defaults);
  }, []);

  useEffect(() => {
    const onLanguage = (language: string) => update({ direction: directionOf(language) });
    i18n.on('languageChanged', onLanguage);
    return () => i18n.off('languageChanged', onLanguage);
  }, [update]);

  const value = useMemo<CustomizerValue>(() => ({ settings, update, reset }), [settings, update, reset]);
  return <CustomizerContext value={value}>{children}</CustomizerContext>;
}
