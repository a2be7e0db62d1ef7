import { LOCALES } from '@sms/contracts/locales';
import { IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../../lib/i18n/i18n';
import { toLocale } from '../../../lib/i18n/language';
import { localeName } from '../../../lib/i18n/locale-names';

/**
 * The language and light/dark buttons in the page's top corner. The language button is the
 * browser's own list under the icon, so keyboards, screen readers and phones get their usual
 * control without a menu's code.
 */
export function CornerControls({ dark, setDark }: { dark: boolean; setDark: (dark: boolean) => void }) {
  const { t, i18n } = useTranslation('common');
  const language = toLocale(i18n.language);
  const languageLabel = t('topbar.language');
  const modeLabel = dark ? t('topbar.lightMode') : t('topbar.darkMode');
  return (
    <div className="si-corner">
      <div className="si-icon-button">
        <IconLanguage size={22} stroke={1.6} aria-hidden />
        <select
          aria-label={languageLabel}
          value={language}
          onChange={(event) => void setLanguage(toLocale(event.target.value), { muiLabels: false })}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {localeName(code)}
            </option>
          ))}
        </select>
        <span className="si-tip" aria-hidden="true">
          {languageLabel}
        </span>
      </div>
      <button type="button" className="si-icon-button" aria-label={modeLabel} onClick={() => setDark(!dark)}>
        {dark ? <IconSun size={22} stroke={1.6} aria-hidden /> : <IconMoon size={22} stroke={1.6} aria-hidden />}
        <span className="si-tip" aria-hidden="true">
          {modeLabel}
        </span>
      </button>
    </div>
  );
}
