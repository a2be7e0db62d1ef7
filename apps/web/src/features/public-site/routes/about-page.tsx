import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title';
import { MarkdownView } from '../components/markdown-view';
import { usePublicContent } from '../components/public-content';
import { EmptyState } from '../../../components/empty-state';

/** /frontend-pages/about: the administrators' text (Markdown, rendered safely) and contact details. */
export default function AboutPage() {
  const { t } = useTranslation('public');
  const site = usePublicContent();
  usePageTitle(t('about.pageTitle'));
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('about.pageTitle')}
      </Typography>
      {site.about ? <MarkdownView source={site.about} /> : <EmptyState title={t('about.empty')} testId="about-empty" />}
      {site.contactDetails ? (
        <>
          <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 1 }}>
            {t('about.contactDetails')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{site.contactDetails}</Typography>
        </>
      ) : null}
    </Box>
  );
}
