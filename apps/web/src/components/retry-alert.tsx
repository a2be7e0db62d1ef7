import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-client';

/** A failed load: the server's (or network's) reason and a Retry button. */
export function RetryAlert({ error, onRetry, sx }: { error: unknown; onRetry: () => void; sx?: SxProps<Theme> }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}
