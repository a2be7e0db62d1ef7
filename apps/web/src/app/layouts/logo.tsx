import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_BRAND } from '@sms/contracts/brand';
import { IconMessageCircleBolt } from '@tabler/icons-react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';

/**
 * The app mark and name linking to the dashboard; `compact` shows the mark only (mini sidebar),
 * `nameFrom` hides the name below a breakpoint (narrow top bars).
 */
export function Logo({ compact = false, nameFrom }: { compact?: boolean; nameFrom?: 'sm' | 'md' }) {
  const name = DEFAULT_BRAND.appName;
  return (
    <Box
      component={RouterLink}
      to={paths.dashboard}
      aria-label={compact || nameFrom ? name : undefined}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color: 'text.primary', textDecoration: 'none', minWidth: 0, borderRadius: 1 }}
    >
      <Box
        aria-hidden
        sx={{ width: 40, height: 40, flexShrink: 0, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText' }}
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
