import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { useHydrated } from '../../../lib/server-rendering/use-hydrated';

/** Light/dark switch; MUI keeps the choice under mui-mode / mui-color-scheme. */
export function ModeToggle() {
  const { t } = useTranslation('common');
  const { mode, systemMode, setMode } = useColorScheme();
  // The server renders without the visitor's mode (light): hydration must find the same icon and label.
  const dark = useHydrated() && (mode === 'system' ? systemMode : mode) === 'dark';
  const label = dark ? t('topbar.lightMode') : t('topbar.darkMode');
  return (
    <LazyTooltip title={label}>
      <IconButton aria-label={label} onClick={() => setMode(dark ? 'light' : 'dark')} color="inherit">
        {dark ? <IconSun size={22} stroke={1.6} aria-hidden /> : <IconMoon size={22} stroke={1.6} aria-hidden />}
      </IconButton>
    </LazyTooltip>
  );
}
