import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
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

/** The parts of a TanStack query that `LoadOrRetry` reads. */
interface LoadingQuery {
  isError: boolean;
  error: unknown;
  data: unknown;
  refetch: () => unknown;
}

/**
 * Shows what a query feeds (`children`) with a RetryAlert above it when the load failed. Without
 * any data the children are left out: a grid's empty state would claim there is nothing. Rows
 * already shown stay under the alert when a later refetch fails.
 */
export function LoadOrRetry({ query, sx, children }: { query: LoadingQuery; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <>
      {query.isError ? <RetryAlert error={query.error} onRetry={() => void query.refetch()} sx={sx} /> : null}
      {query.isError && query.data === undefined ? null : children}
    </>
  );
}
