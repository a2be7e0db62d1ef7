import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface KpiCardProps {
  label: string;
  value: string;
  detail?: ReactNode;
  icon: Icon;
  /** The figure's detail screen; the whole card is the link when given. */
  to?: string;
  testId: string;
}

/** One headline figure; the card links to the screen that explains it. */
export function KpiCard({ label, value, detail, icon: KpiIcon, to, testId }: KpiCardProps) {
  const body = (
    <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2 }}>
      <Box
        aria-hidden
        sx={{
          width: 40,
          height: 40,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.light',
          color: 'textColor.primary',
          flexShrink: 0,
        }}
      >
        <KpiIcon size={22} stroke={1.6} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" component="h3" data-testid="kpi-label">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={testId} sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
        {detail ? (
          <Typography variant="caption" color="text.secondary" component="p" data-testid="kpi-detail">
            {detail}
          </Typography>
        ) : null}
      </Box>
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }} data-testid={`${testId}-link`}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
