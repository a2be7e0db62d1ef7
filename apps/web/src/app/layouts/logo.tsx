import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_BRAND } from '@sms/contracts/brand';
import { IconMessageCircleBolt } from '@tabler/icons-react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';

/** The app mark and name linking to the dashboard; `compact` shows the mark only (mini sidebar). */
export function Logo({ compact = false }: { compact?: boolean }) {
  const name = DEFAULT_BRAND.appName;
  return (
    <Box
      component={RouterLink}
      to={paths.dashboard}
      aria-label={compact ? name : undefined}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color: 'text.primary', textDecoration: 'none', minWidth: 0, borderRadius: 1 }}
    >
      <Box
        aria-hidden
        sx={{ width: 40, height: 40, flexShrink: 0, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        <IconMessageCircleBolt size={24} stroke={1.8} />
      </Box>
      {compact ? null : (
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1rem', lineHeight: 1.2 }} noWrap>
          {name}
        </Typography>
      )}
    </Box>
  );
}
