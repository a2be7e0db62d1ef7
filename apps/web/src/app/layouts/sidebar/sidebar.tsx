import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTranslation } from 'react-i18next';
import { MINI_SIDEBAR_WIDTH, SIDEBAR_WIDTH, TOPBAR_HEIGHT } from '../../../lib/theme/customizer-settings';
import { Logo } from '../logo';
import { SidebarNav } from './sidebar-nav';

interface SidebarProps {
  /** Large screens: a permanent sidebar; smaller ones: a drawer opened from the top bar. */
  permanent: boolean;
  mini: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/** The vertical navigation: 270 px, or 87 px icons-only when mini (spec section 3). */
export function Sidebar({ permanent, mini, mobileOpen, onMobileClose }: SidebarProps) {
  const { t } = useTranslation('common');
  const width = permanent && mini ? MINI_SIDEBAR_WIDTH : SIDEBAR_WIDTH;
  const content = (
    <>
      <Box
        sx={{
          minHeight: TOPBAR_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          justifyContent: permanent && mini ? 'center' : 'flex-start',
          px: permanent && mini ? 0 : 3,
          // An uploaded logo as tall as the bar keeps a margin, like the default mark's.
          py: 1.5,
          flexShrink: 0,
        }}
      >
        <Logo compact={permanent && mini} />
      </Box>
      <Box sx={{ overflowY: 'auto', flexGrow: 1 }}>
        <SidebarNav mini={permanent && mini} onNavigate={permanent ? undefined : onMobileClose} />
      </Box>
    </>
  );
  if (!permanent) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        slotProps={{ paper: { sx: { width, display: 'flex', flexDirection: 'column' } } }}
      >
        <Box component="nav" aria-label={t('nav.mainMenu')} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          {content}
        </Box>
      </Drawer>
    );
  }
  return (
    <Box
      component="nav"
      aria-label={t('nav.mainMenu')}
      sx={{ width, flexShrink: 0, transition: (theme) => theme.transitions.create('width') }}
    >
      <Drawer
        variant="permanent"
        slotProps={{
          paper: {
            sx: {
              width,
              display: 'flex',
              flexDirection: 'column',
              borderRight: 1,
              borderColor: 'divider',
              overflowX: 'hidden',
              transition: (theme) => theme.transitions.create('width'),
            },
          },
        }}
      >
        {content}
      </Drawer>
    </Box>
  );
}
