import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title';
import { ContactForm } from '../components/contact-form';
import { usePublicContent } from '../components/public-content';
import { EmptyState } from '../../../components/empty-state';

/** /frontend-pages/contact: a message form that reaches the inbox, and the contact details. */
export default function ContactPage() {
  const { t } = useTranslation('public');
  const site = usePublicContent();
  usePageTitle(t('contact.pageTitle'), { description: t('contact.description') });
  return (
    <>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('contact.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('contact.description')}
      </Typography>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
                {t('contact.formTitle')}
              </Typography>
              <ContactForm />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {t('about.contactDetails')}
          </Typography>
          {site.contactDetails ? (
            <Typography sx={{ whiteSpace: 'pre-line' }}>{site.contactDetails}</Typography>
          ) : (
            <EmptyState title={t('contact.empty')} testId="contact-details-empty" />
          )}
        </Grid>
      </Grid>
    </>
  );
}
