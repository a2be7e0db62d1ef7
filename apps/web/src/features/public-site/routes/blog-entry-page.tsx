import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useArchiveEntry } from '../../../api/public-site/get-archive-entry';
import { ArchiveEntryBody } from '../components/archive-entry-body';
import { excerptOf } from '../components/archive-excerpt';

/** /frontend-pages/blog/detail/:id: one published campaign (its fallbacks in place of merge fields) or post. */
export default function BlogEntryPage() {
  const { t } = useTranslation('archive');
  const { id = '' } = useParams();
  const entry = useArchiveEntry(id);
  const missing = entry.isError && entry.error instanceof ApiError && (entry.error.status === 404 || entry.error.status === 400);
  usePageTitle(entry.data?.title ?? t('blog.pageTitle'), {
    ...(entry.data ? { description: excerptOf(entry.data), type: 'article' as const } : {}),
    ...(missing ? { status: 404 } : {}),
  });
  const back = (
    <Button component={RouterLink} to={paths.publicSite.blog} sx={{ mb: 2 }}>
      {t('blog.back')}
    </Button>
  );
  if (entry.isPending) return <FullPageLoader />;
  if (entry.isError) {
    return (
      <Box sx={{ maxWidth: 760 }}>
        {back}
        {missing ? (
          <Alert severity="info">{t('blog.notFound')}</Alert>
        ) : (
          <RetryAlert error={entry.error} onRetry={() => void entry.refetch()} />
        )}
      </Box>
    );
  }
  return (
    <Box component="article" sx={{ maxWidth: 760 }}>
      {back}
      <Typography variant="h3" component="h1" dir="auto" sx={{ fontWeight: 700, mb: 1 }}>
        {entry.data.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <DateTime value={entry.data.publishedAt} fallback="" />
      </Typography>
      <ArchiveEntryBody entry={entry.data} />
    </Box>
  );
}
