import IconButton from '@mui/material/IconButton';
import { IconLanguage } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { OnceOpened } from '../../../components/once-opened';
import { useLanguage } from '../../../lib/i18n/use-language';
import { lazyWhenReachable } from '../../../lib/lazy-page';

// The menu (MUI Menu, Popover, Modal, focus trap) is needed only once opened: not on the first page.
const LanguageMenu = lazyWhenReachable(() => import('./language-menu'));

/** Top-bar menu of the interface languages (en, fr, ar, zh, then MUI's locales: decision 107); the choice persists. */
export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t('topbar.language');
  return (
    <>
      <LazyTooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          color="inherit"
        >
          <IconLanguage size={22} stroke={1.6} aria-hidden />
        </IconButton>
      </LazyTooltip>
      <OnceOpened open={anchor !== null}>
        <LanguageMenu
          id={menuId}
          anchor={anchor}
          language={language}
          onClose={() => setAnchor(null)}
          onChoose={(code) => {
            setAnchor(null);
            void setLanguage(code);
          }}
        />
      </OnceOpened>
    </>
  );
}
