import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SenderDetail } from '@sms/contracts/senders';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useSender } from '../../../api/senders/get-sender';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { Can } from '../../../lib/permissions/can';
import { SenderStatusChip } from '../components/sender-status-chip';
import { StatusActions } from '../components/status-actions';

/** /apps/ecommerce/detail/{id}: one number or sender ID: its gateway, registration, inbound routing and messages per day. */
export default function SenderDetailPage() {
  const { t } = useTranslation('senders');
  const { id = '' } = useParams();
  const detail = useSender(id);
  const value = detail.data?.sender.value;
  return (
    <PageContainer
      title={value ? t('detail.title', { value }) : t('detail.loading')}
      breadcrumbs={[{ label: t('list.title'), to: paths.senders.list }, { label: value ?? '…' }]}
      actions={
        <Can I="update" a="Sender">
          <Button component={RouterLink} to={paths.senders.edit(id)} variant="outlined">
            {t('detail.edit')}
          </Button>
        </Can>
      }
    >
      <LoadOrRetry query={detail}>{detail.data ? <DetailCards detail={detail.data} /> : null}</LoadOrRetry>
    </PageContainer>
  );
}

function DetailCards({ detail }: { detail: SenderDetail }) {
  const { t } = useTranslation('senders');
  const { sender, daily } = detail;
  const peak = Math.max(1, ...daily.map((day) => day.sent + day.received));
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
              {t('detail.registration')}
            </Typography>
            <Stack spacing={1}>
              <div>
                <SenderStatusChip status={sender.status} /> {t(`kind.${sender.kind}`)} · {t(`origin.${sender.origin}`)}
              </div>
              {sender.notes ? <Typography data-testid="sender-notes">{sender.notes}</Typography> : null}
              <Typography>{t('detail.gateway', { name: sender.gateway?.name ?? t('list.anyGateway') })}</Typography>
              {sender.monthlyPrice ? (
                <Typography>{t('detail.price', { price: `${sender.monthlyPrice} ${sender.priceUnit ?? ''}`.trim() })}</Typography>
              ) : null}
              {sender.countries.length > 0 ? (
                <Typography>{t('detail.countries', { countries: sender.countries.join(', ') })}</Typography>
              ) : null}
              <Can I="update" a="Sender">
                <StatusActions key={sender.updatedAt} sender={sender} />
              </Can>
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
              {t('detail.routing')}
            </Typography>
            <Typography data-testid="sender-route">
              {sender.routeAssignee ? t('detail.routedTo', { name: sender.routeAssignee.name }) : t('detail.usualAssignment')}
            </Typography>
            <Typography sx={{ mt: 1 }}>
              <Link component={RouterLink} to={paths.tickets}>
                {t('detail.inbox')}
              </Link>
              {' · '}
              <Link component={RouterLink} to={paths.configurationsTab('keyword-rules')}>
                {t('detail.keywordRules')}
              </Link>
            </Typography>
            <Typography variant="h2" sx={{ fontSize: '1.125rem', mt: 2, mb: 1 }}>
              {t('detail.usedBy')}
            </Typography>
            <Typography>
              {[...sender.usage.campaigns.map((c) => c.name), ...sender.usage.apiKeys.map((k) => t('list.apiKey', { name: k.name }))].join(
                ', ',
              ) || t('detail.unused')}
            </Typography>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={12}>
        <Card>
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
              {t('detail.daily')}
            </Typography>
            {daily.length === 0 ? <Typography color="text.secondary">{t('detail.noMessages')}</Typography> : null}
            <Stack spacing={0.5} data-testid="sender-daily">
              {daily.map((day) => (
                <Stack key={day.day} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ width: 110 }} dir="ltr">
                    {day.day}
                  </Typography>
                  <Stack direction="row" sx={{ flex: 1 }} aria-hidden>
                    <Box sx={{ width: `${(day.sent / peak) * 100}%`, bgcolor: 'primary.main', height: 12 }} />
                    <Box sx={{ width: `${(day.received / peak) * 100}%`, bgcolor: 'secondary.main', height: 12 }} />
                  </Stack>
                  <Typography>{t('detail.dayCounts', { sent: day.sent, received: day.received })}</Typography>
                </Stack>
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
