import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { IconError404 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/use-page-title';

/** /auth/404: where every unknown path ends up. */
export default function NotFound() {
  const { t } = useTranslation('common');
  usePageTitle(t('notFound.title'));
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 520 }}>
        <Box sx={{ color: 'textColor.primary', mb: 2 }}>
          <IconError404 size={120} stroke={1.2} aria-hidden />
        </Box>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {t('notFound.heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, fontSize: '1rem' }}>
          {t('notFound.message')}
        </Typography>
        <Button component={RouterLink} to={paths.dashboard} variant="contained" size="large">
          {t('notFound.home')}
        </Button>
      </Box>
    </Box>
  );
}
