import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { IconMessageCircleBolt } from '@tabler/icons-react';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/brand/use-brand';
import { SIDEBAR_WIDTH } from '../../lib/theme/customizer-settings';

/** Room for an uploaded logo: the full sidebar (less its padding), the mini sidebar, a top bar. */
const LOGO_ROOM = {
  sidebar: { maxWidth: SIDEBAR_WIDTH - 48 },
  compact: { maxWidth: 56, maxHeight: 40 },
  topBar: { maxWidth: 180, maxHeight: 48 },
} as const;

/**
 * The brand's logo (at its configured size) linking to the dashboard, or without one the app
 * mark and the brand's name; `compact` shows the mark only (mini sidebar), `nameFrom` hides the
 * name below a breakpoint (narrow top bars).
 */
export function Logo({ compact = false, nameFrom }: { compact?: boolean; nameFrom?: 'sm' | 'md' }) {
  const { appName: name, logoUrl } = useBrand().settings;
  if (logoUrl) {
    return (
      <Box component={RouterLink} to={paths.dashboard} sx={{ display: 'inline-flex', alignItems: 'center', minWidth: 0, borderRadius: 1 }}>
        <BrandLogo {...(compact ? LOGO_ROOM.compact : nameFrom ? LOGO_ROOM.topBar : LOGO_ROOM.sidebar)} />
      </Box>
    );
  }
  return (
    <Box
      component={RouterLink}
      to={paths.dashboard}
      aria-label={compact || nameFrom ? name : undefined}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: 'text.primary',
        textDecoration: 'none',
        minWidth: 0,
        borderRadius: 1,
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <IconMessageCircleBolt size={24} stroke={1.8} />
      </Box>
      {compact ? null : (
        <Typography
          component="span"
          aria-hidden={nameFrom ? true : undefined}
          sx={{
            fontWeight: 700,
            fontSize: '1rem',
            lineHeight: 1.2,
            display: nameFrom ? { xs: 'none', [nameFrom]: '-webkit-box' } : '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {name}
        </Typography>
      )}
    </Box>
  );
}
