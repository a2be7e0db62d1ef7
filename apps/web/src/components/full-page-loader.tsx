import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** A centred spinner filling the viewport (auth check, lazy pages); `label` defaults to "Loading…". */
export function FullPageLoader({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  const text = label ?? t('loading');
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: '60vh', height: '100%', display: 'grid', placeItems: 'center', flex: 1 }}>
      <CircularProgress aria-label={text} />
    </Box>
  );
}
