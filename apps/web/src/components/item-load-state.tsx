import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError, errorMessage } from '../lib/api-client';
import { FullPageLoader } from './full-page-loader';
import { PageContainer } from './page-container';

export interface ItemLoadStateProps {
  error: unknown;
  onRetry: () => void;
  /** The feature's namespace: `list.title` and `notFound.title`, `.message`, `.back` are read from it. */
  ns: string;
  /** Key (in `ns`) of the title when loading failed. */
  loadFailedKey: string;
  /** The feature's list, in the breadcrumbs and behind the back button. */
  listPath: string;
  /** `<testId>-not-found` / `<testId>-load-error` on the alert. */
  testId: string;
  /** What a 403 shows (the role may not see the item). */
  denied: ReactNode;
}

/**
 * What a detail or edit page shows instead of its item while it loads or when loading failed: a
 * loader, the denied page on 403, a friendly not-found on 404 (or an id that is no id, 400), or
 * the error with Try again.
 */
export function ItemLoadState({ error, onRetry, ns, loadFailedKey, listPath, testId, denied }: ItemLoadStateProps) {
  const { t } = useTranslation([ns, 'common']);
  if (!error) return <FullPageLoader />;
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403) return denied;
  const notFound = status === 404 || status === 400;
  const title = notFound ? t(`${ns}:notFound.title`) : t(`${ns}:${loadFailedKey}`);
  return (
    <PageContainer title={title} breadcrumbs={[{ label: t(`${ns}:list.title`), to: listPath }, { label: title }]}>
      <Alert
        severity={notFound ? 'info' : 'error'}
        data-testid={notFound ? `${testId}-not-found` : `${testId}-load-error`}
        action={
          notFound ? undefined : (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common:actions.retry')}
            </Button>
          )
        }
      >
        {notFound ? t(`${ns}:notFound.message`) : errorMessage(error)}
      </Alert>
      <Button component={RouterLink} to={listPath} variant="outlined" sx={{ mt: 3 }}>
        {t(`${ns}:notFound.back`)}
      </Button>
    </PageContainer>
  );
}
