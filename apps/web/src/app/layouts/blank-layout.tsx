import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { ConnectionBanner } from '../../lib/connection/connection-banner';
import { LanguageSwitcher } from './header/language-switcher';
import { ModeToggle } from './header/mode-toggle';

/** Frame of the /auth/* pages: the page alone, with language and mode switches in the top corner (below the connection banner when it shows). */
export function BlankLayout() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <ConnectionBanner />
      <Box sx={{ position: 'relative' }}>
        <Stack direction="row" spacing={0.5} sx={{ position: 'absolute', top: 12, insetInlineEnd: 12, zIndex: 2, color: 'text.secondary' }}>
          <LanguageSwitcher />
          <ModeToggle />
        </Stack>
        <Box component="main" id="main-content">
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
