import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconAddressBook, IconMessage2, IconMessageReply, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { KpiCard } from '../../../components/kpi-card';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { useLanguage } from '../../../lib/i18n/use-language';
import { sampleSeries } from '../sample-data';
import { GallerySection } from './gallery-section';
import { SampleBarChart, SampleGauge } from './sample-charts';

const FIGURES = [
  { key: 'contacts', icon: IconAddressBook, value: 12480 },
  { key: 'sent', icon: IconSend, value: sampleSeries().sent[11]! },
  { key: 'delivery', icon: IconMessage2, value: 0.962 },
  { key: 'replies', icon: IconMessageReply, value: sampleSeries().replies[11]! },
] as const;

/** The dashboard's cards and banners with sample figures. */
export default function WidgetsKit() {
  const { t } = useTranslation('design-gallery');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const percent = new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 });
  return (
    <>
      <GallerySection id="cards">
        <Grid container spacing={2}>
          {FIGURES.map(({ key, icon, value }) => (
            <Grid key={key} size={{ xs: 12, sm: 6, lg: 3 }}>
              <KpiCard
                testId={`gallery-kpi-${key}`}
                icon={icon}
                label={t(`widgets.figures.${key}`)}
                value={key === 'delivery' ? percent.format(value) : number.format(value)}
                detail={t(`widgets.figures.${key}Detail`)}
              />
            </Grid>
          ))}
        </Grid>
      </GallerySection>
      <GallerySection id="banners">
        <Stack spacing={2}>
          <Card sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }} data-testid="gallery-welcome-banner">
            <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h5" component="h3" color="inherit">
                  {t('widgets.welcome.title', { name: 'Ana' })}
                </Typography>
                <Typography variant="body2" color="inherit">
                  {t('widgets.welcome.text')}
                </Typography>
              </Box>
              <Button variant="contained" color="secondary">
                {t('widgets.welcome.action')}
              </Button>
            </CardContent>
          </Card>
          <Card variant="outlined" sx={{ borderColor: 'secondary.main' }}>
            <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="h3">
                  {t('widgets.setup.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('widgets.setup.text')}
                </Typography>
              </Box>
              <Button variant="outlined">{t('widgets.setup.action')}</Button>
            </CardContent>
          </Card>
        </Stack>
      </GallerySection>
      <GallerySection id="charts">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            <SampleBarChart />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <SampleGauge />
          </Grid>
        </Grid>
      </GallerySection>
    </>
  );
}
