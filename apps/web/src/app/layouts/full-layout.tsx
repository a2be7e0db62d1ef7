import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { OnceOpened } from '../../components/once-opened';
import { SendingHoldNotice } from '../../features/backups/components/sending-hold-notice';
import { MaintenanceNotice } from '../../features/maintenance/components/maintenance-notice';
import { ConnectionBanner } from '../../lib/connection/connection-banner';
import { lazyPage } from '../../lib/lazy-page';
import { TOPBAR_HEIGHT } from '../../lib/theme/customizer-settings';
import { useCustomizer } from '../../lib/theme/use-customizer';
import { TopBar } from './header/top-bar';
import { HorizontalNav } from './horizontal-nav';
import { Sidebar } from './sidebar/sidebar';
import { SkipLink } from './skip-link';

/**
 * The settings panel downloads when first opened (its slider alone is a fifth of the frame's code),
 * or as soon as the pointer or focus reaches its button.
 */
const CustomizerDrawer = lazyPage(async () => ({ default: (await import('./customizer/customizer-drawer')).CustomizerDrawer }));

/** The signed-in frame: vertical (sidebar) or horizontal (top nav) layout, boxed or full width. */
export function FullLayout() {
  const { t } = useTranslation('common');
  const { settings, update } = useCustomizer();
  const largeScreen = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const horizontal = settings.layout === 'horizontal';
  const boxed = settings.container === 'boxed';
  const permanentSidebar = largeScreen && !horizontal;

  const toggleMenu = () => {
    if (permanentSidebar) update({ sidebar: settings.sidebar === 'mini' ? 'full' : 'mini' });
    else setMobileOpen((open) => !open);
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      {permanentSidebar || !largeScreen ? (
        <Sidebar
          permanent={permanentSidebar}
          mini={settings.sidebar === 'mini'}
          mobileOpen={mobileOpen}
          onMobileClose={() => setMobileOpen(false)}
        />
      ) : null}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar
          showLogo={!permanentSidebar}
          showMenuButton={!(horizontal && largeScreen)}
          menuButtonLabel={permanentSidebar ? t('topbar.toggleSidebar') : t('topbar.openNavigation')}
          onMenuButton={toggleMenu}
          onOpenCustomizer={() => setCustomizerOpen(true)}
          onCustomizerIntent={() => void CustomizerDrawer.preload()}
          boxed={boxed}
        />
        {horizontal && largeScreen ? <HorizontalNav boxed={boxed} /> : null}
        {/* Under the top bar, and kept in view with it while the page scrolls. */}
        <ConnectionBanner style={{ position: 'sticky', top: TOPBAR_HEIGHT, zIndex: 1099 }} />
        <Container
          component="main"
          id="main-content"
          tabIndex={-1}
          maxWidth={boxed ? 'lg' : false}
          sx={{ flexGrow: 1, py: 3, display: 'flex', flexDirection: 'column', '&:focus': { outline: 'none' } }}
        >
          <MaintenanceNotice />
          <SendingHoldNotice />
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
      <OnceOpened open={customizerOpen}>
        <CustomizerDrawer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
      </OnceOpened>
    </Box>
  );
}
