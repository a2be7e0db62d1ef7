import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { IconCheck, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface GettingStartedStepProps {
  index: number;
  icon: Icon;
  title: string;
  description: string;
  to: string;
  /** Whether the screen behind the link exists in this release. */
  available: boolean;
  /** Whether the signed-in role may do this step. */
  allowed: boolean;
  /** Whether the step is already done (shown with a check). */
  done?: boolean;
}

/** One numbered next-step card of the getting-started dashboard. */
export function GettingStartedStep({
  index,
  icon: StepIcon,
  title,
  description,
  to,
  available,
  allowed,
  done = false,
}: GettingStartedStepProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Card sx={{ height: '100%', width: '100%' }}>
      <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box
            aria-hidden
            sx={{
              width: 44,
              height: 44,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'primary.light',
              color: 'textColor.primary',
              flexShrink: 0,
            }}
          >
            <StepIcon size={24} stroke={1.6} />
          </Box>
          {done ? (
            <Chip
              size="small"
              icon={<IconCheck size={16} />}
              label={t('done')}
              sx={{ bgcolor: 'success.light', color: 'textColor.success', fontWeight: 600, '& .MuiChip-icon': { color: 'inherit' } }}
              data-testid="step-done"
            />
          ) : (
            <Chip
              size="small"
              label={available ? t('availableNow') : t('comingSoon')}
              color={available ? 'success' : 'default'}
              variant={available ? 'filled' : 'outlined'}
            />
          )}
        </Box>
        <Typography variant="h6" component="h3">
          {index}. {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {description}
        </Typography>
        {allowed ? (
          <Button
            component={RouterLink}
            to={to}
            variant={available ? 'contained' : 'outlined'}
            sx={{ alignSelf: 'flex-start' }}
            aria-label={`${t('open')}: ${title}`}
          >
            {t('open')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('noAccess')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
