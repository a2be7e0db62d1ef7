import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * A public page the administrators switched off, in the public site's frame: a visitor gets a way
 * home, not the staff's 404 (whose button leads to the dashboard). The server answers it with 404.
 */
export function PageUnavailable() {
  const { t } = useTranslation('public');
  usePageTitle(t('unavailable.title'), { status: 404 });
  return (
    <Box sx={{ maxWidth: 640, py: { xs: 2, md: 6 } }} data-testid="page-unavailable">
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('unavailable.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('unavailable.body')}
      </Typography>
      <Button component={RouterLink} to={paths.publicSite.home} variant="contained">
        {t('unavailable.home')}
      </Button>
    </Box>
  );
}
