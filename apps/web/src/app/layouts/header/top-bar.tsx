import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { IconMenu2, IconSettings } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { FormatCountrySync } from '../../../lib/i18n/format-country-sync';
import { lazyWhenReachable } from '../../../lib/lazy-page';
import { SearchBox } from '../../../features/search/components/search-box';
import { TOPBAR_HEIGHT } from '../../../lib/theme/customizer-settings';
import { Logo } from '../logo';
import { LanguageSwitcher } from './language-switcher';
import { ModeToggle } from './mode-toggle';
import { useSettingsPages } from './use-settings-pages';
import { UserMenu } from './user-menu';
import { LazyTooltip } from '../../../components/lazy-tooltip';

/**
 * The bell (its popover, list, badge and live stream) downloads and renders after the page's first
 * paint: a first visit shows the page's content without waiting for it (issue 37).
 */
const NotificationBell = lazyWhenReachable(() =>
  import('../../../features/notifications/components/notification-bell').then((module) => ({ default: module.NotificationBell })),
);
/** The bell's place until it comes: an icon button's size, so the top bar does not move. */
const bellPlace = <Box sx={{ width: 40, height: 40 }} />;

interface TopBarProps {
  /** Shows the logo (horizontal layout, or when no permanent sidebar carries it). */
  showLogo: boolean;
  /** Whether the menu button is shown (hidden in the horizontal layout on large screens). */
  showMenuButton: boolean;
  menuButtonLabel: string;
  onMenuButton: () => void;
  onOpenCustomizer: () => void;
  /** The pointer or focus reached the settings button: its panel may download ahead of the click. */
  onCustomizerIntent: () => void;
  /** Limit the content to the boxed container width. */
  boxed: boolean;
}

/** The 70 px header: menu toggle, search, then notifications, language, mode, settings and account. */
export function TopBar({
  showLogo,
  showMenuButton,
  menuButtonLabel,
  onMenuButton,
  onOpenCustomizer,
  onCustomizerIntent,
  boxed,
}: TopBarProps) {
  const { t } = useTranslation('common');
  const settingsPages = useSettingsPages();
  return (
    <AppBar
      position="sticky"
      component="header"
      color="inherit"
      elevation={0}
      sx={{ bgcolor: 'background.default', color: 'text.secondary', borderBottom: 1, borderColor: 'divider', backgroundImage: 'none' }}
    >
      <Container maxWidth={boxed ? 'lg' : false} disableGutters={!boxed} sx={{ px: { xs: 1, sm: 2 } }}>
        <Toolbar disableGutters sx={{ minHeight: { xs: TOPBAR_HEIGHT }, height: TOPBAR_HEIGHT, gap: 1 }}>
          {showMenuButton ? (
            <LazyTooltip title={menuButtonLabel}>
              <IconButton aria-label={menuButtonLabel} onClick={onMenuButton} color="inherit">
                <IconMenu2 size={22} stroke={1.6} aria-hidden />
              </IconButton>
            </LazyTooltip>
          ) : null}
          {showLogo ? <Logo nameFrom="sm" /> : null}
          <SearchBox pages={settingsPages} />
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <AfterFirstPaint placeholder={bellPlace}>
              <Suspense fallback={bellPlace}>
                <NotificationBell />
              </Suspense>
            </AfterFirstPaint>
            <LanguageSwitcher />
            {/* The organisation's country gives the formats of a language without a region (decision 107). */}
            <AfterFirstPaint placeholder={null}>
              <FormatCountrySync />
            </AfterFirstPaint>
            <ModeToggle />
            <LazyTooltip title={t('topbar.settings')}>
              <IconButton
                aria-label={t('topbar.settings')}
                onClick={onOpenCustomizer}
                onPointerEnter={onCustomizerIntent}
                onFocus={onCustomizerIntent}
                color="inherit"
              >
                <IconSettings size={22} stroke={1.6} aria-hidden />
              </IconButton>
            </LazyTooltip>
            <UserMenu />
          </Stack>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
