import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePublicContent } from '../components/public-content';

/** /frontend-pages/contact: how to reach the organisation. */
export default function ContactPage() {
  const { t } = useTranslation('public');
  const site = usePublicContent();
  usePageTitle(t('contact.pageTitle'));
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('contact.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('contact.description')}
      </Typography>
      {site.contactDetails ? (
        <Typography sx={{ whiteSpace: 'pre-line' }}>{site.contactDetails}</Typography>
      ) : (
        <Typography color="text.secondary">{t('contact.empty')}</Typography>
      )}
    </Box>
  );
}
