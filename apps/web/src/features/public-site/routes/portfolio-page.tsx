import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePublicContent } from '../components/public-content';
import { SubscribeForm } from '../components/subscribe-form';
import { EmptyState } from '../../../components/empty-state';

/** /frontend-pages/portfolio: the topics people can subscribe to, each with its own subscribe link. */
export default function PortfolioPage() {
  const { t } = useTranslation('public');
  const site = usePublicContent();
  const [search] = useSearchParams();
  const chosen = search.get('topic') ?? undefined;
  usePageTitle(t('portfolio.pageTitle'), { description: t('portfolio.description') });
  return (
    <>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('portfolio.title')}
      </Typography>
      {site.topics.length > 0 ? (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('portfolio.description')}
        </Typography>
      ) : (
        <EmptyState title={t('portfolio.empty')} testId="topics-empty" />
      )}
      <Grid container spacing={3} sx={{ mb: 5 }}>
        {site.topics.map((topic) => (
          <Grid key={topic.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flex: 1 }}>
                <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
                  {topic.title}
                </Typography>
                {topic.description ? <Typography sx={{ mb: 1 }}>{topic.description}</Typography> : null}
                {topic.frequency ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('form.frequency', { frequency: topic.frequency })}
                  </Typography>
                ) : null}
              </CardContent>
              <CardActions>
                <Button
                  component={RouterLink}
                  to={paths.publicSite.topic(topic.id)}
                  aria-label={`${t('portfolio.subscribe')}: ${topic.title}`}
                >
                  {t('portfolio.subscribe')}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      {site.topics.length > 0 ? (
        <Card id="subscribe" variant="outlined" sx={{ maxWidth: 640 }}>
          <CardContent>
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              {t('landing.subscribeTitle')}
            </Typography>
            <SubscribeForm
              key={chosen ?? ''}
              topics={site.topics}
              consentText={site.consentText}
              {...(chosen ? { initialTopic: chosen } : {})}
            />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
