import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/use-page-title';

/** Last-resort error screen for a route that threw while rendering or failed to load its code. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  usePageTitle(t('errors.title'));
  const detail = error instanceof Error ? error.message : undefined;
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

/** Shows RouteError in place of the routes below it when one of them throws. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}
