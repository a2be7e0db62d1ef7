import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/use-page-title';

/** Last-resort error screen for a route that threw while rendering or failed to load its code. */
export default function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  usePageTitle(t('errors.title'));
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <Box component="main" role="alert" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 560 }}>
        <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
          {t('errors.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('errors.message')}
        </Typography>
        {detail ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3, fontFamily: 'monospace' }}>
            {t('errors.details', { message: detail })}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
          <Button variant="outlined" href={paths.dashboard}>
            {t('notFound.home')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
