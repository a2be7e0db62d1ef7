import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ARCHIVE_RSS_PATH } from '@sms/contracts/public-archive-limits';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { LoadOrRetry } from '../../../components/retry-alert';
import { useBrand } from '../../../lib/brand/use-brand';
import { usePageTitle } from '../../../lib/use-page-title';
import { useArchive } from '../../../api/public-site/get-archive';
import { ArchiveEntryCard } from '../components/archive-entry-card';
import { useArchiveFeedLink } from '../components/archive-feed-link';
import { EmptyState } from '../../../components/empty-state';

const PAGE_SIZE = 10;

/** /frontend-pages/blog: the public archive, newest first, a page at a time (`?page=2`), with its RSS feed. */
export default function BlogPage() {
  const { t } = useTranslation('archive');
  const { appName } = useBrand().settings;
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const archive = useArchive({ limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE });
  usePageTitle(t('blog.pageTitle'), { description: t('blog.intro') });
  useArchiveFeedLink(t('blog.feedTitle', { name: appName }));
  const pages = Math.ceil((archive.data?.total ?? 0) / PAGE_SIZE);
  return (
    <Box sx={{ maxWidth: 860 }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700 }}>
          {t('blog.pageTitle')}
        </Typography>
        <Link href={ARCHIVE_RSS_PATH} type="application/rss+xml">
          {t('blog.rss')}
        </Link>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('blog.intro')}
      </Typography>
      {archive.isPending ? (
        <FullPageLoader />
      ) : (
        <LoadOrRetry query={archive}>
          {archive.data?.data.length ? (
            <Stack spacing={2}>
              {archive.data.data.map((entry) => (
                <ArchiveEntryCard key={entry.id} entry={entry} />
              ))}
            </Stack>
          ) : (
            <EmptyState title={t('blog.empty')} testId="blog-empty" />
          )}
        </LoadOrRetry>
      )}
      {pages > 1 ? (
        <Pagination
          sx={{ mt: 4 }}
          count={pages}
          page={page}
          onChange={(_event, next) => setSearch(next === 1 ? {} : { page: String(next) })}
          getItemAriaLabel={(type, item) => t(`blog.pagination.${type}`, { page: item })}
        />
      ) : null}
    </Box>
  );
}
