import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconChartBar, IconTags, IconUserQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../../config/paths';

/** Where to go next: the delivery report, replies by tag1 and the non-responders (with their one-click follow-up). */
export function FollowUpCard({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation('campaigns');
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {t('detail.followUp')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('detail.followUpHint')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            component={RouterLink}
            to={paths.reports.delivery(campaignId)}
            variant="outlined"
            startIcon={<IconChartBar size={18} aria-hidden />}
          >
            {t('detail.deliveryReport')}
          </Button>
          <Button
            component={RouterLink}
            to={paths.reports.tag1Grouped(campaignId)}
            variant="outlined"
            startIcon={<IconTags size={18} aria-hidden />}
          >
            {t('detail.tag1Report')}
          </Button>
          <Button
            component={RouterLink}
            to={paths.reports.nonResponders(campaignId)}
            variant="outlined"
            startIcon={<IconUserQuestion size={18} aria-hidden />}
          >
            {t('detail.nonResponders')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
