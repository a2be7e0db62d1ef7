import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useBrand } from '../../../lib/brand/use-brand';
import { useAbility } from '../../../lib/permissions/use-ability';
import { usePageTitle } from '../../../lib/use-page-title';
import { useArchiveFeedLink } from '../components/archive-feed-link';
import { LatestMessages } from '../components/latest-messages';
import { usePublicContent } from '../components/public-content';
import { SubscribeForm } from '../components/subscribe-form';

/** /landingpage and /frontend-pages/homepage: who the organisation is, and the subscription form. */
export default function LandingPage() {
  const { t } = useTranslation('public');
  const site = usePublicContent();
  const { appName, description } = useBrand().settings;
  const canPublish = useAbility().can('update', 'Settings');
  usePageTitle(t('landing.pageTitle'), { description });
  useArchiveFeedLink(t('archive:blog.feedTitle', { name: appName }));
  return (
    <>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h2" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
            {appName}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 2 }}>
            {description}
          </Typography>
          {site.introduction ? <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{site.introduction}</Typography> : null}
          {site.topics.length > 0 ? (
            <Link component={RouterLink} to={paths.publicSite.portfolio}>
              {t('landing.topicsLink')}
            </Link>
          ) : null}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {site.topics.length > 0 ? (
            <Card id="subscribe" variant="outlined">
              <CardContent>
                <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
                  {t('landing.subscribeTitle')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {t('landing.subscribeIntro')}
                </Typography>
                <SubscribeForm topics={site.topics} consentText={site.consentText} />
              </CardContent>
            </Card>
          ) : canPublish ? (
            <Alert severity="info">
              <Box sx={{ mb: 1 }}>{t('landing.noTopicsAdmin')}</Box>
              <Link component={RouterLink} to={paths.configurationsTab('public-site')}>
                {t('landing.noTopicsAdminLink')}
              </Link>
            </Alert>
          ) : null}
        </Grid>
      </Grid>
      <LatestMessages />
    </>
  );
}
