import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { RetryAlert } from '../../../components/retry-alert';
import { useWebhookDeliveries } from '../../../api/webhooks/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../../../api/webhooks/resend-webhook-delivery';

/** The delivery log of one endpoint: event, outcome, status code, duration, attempts, response excerpt, resend. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation('developers');
  const deliveries = useWebhookDeliveries(webhookId);
  const resend = useResendWebhookDelivery();
  if (deliveries.isPending) return <Typography variant="body2">{t('common:loading')}</Typography>;
  if (deliveries.isError) return <RetryAlert error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('webhooks.noDeliveries')}
      </Typography>
    );
  return (
    <Table size="small" aria-label={t('webhooks.deliveries')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('webhooks.event')}</TableCell>
          <TableCell>{t('webhooks.outcome')}</TableCell>
          <TableCell>{t('webhooks.attempts')}</TableCell>
          <TableCell>{t('webhooks.lastAttempt')}</TableCell>
          <TableCell>{t('webhooks.response')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {deliveries.data.map((delivery) => (
          <TableRow key={delivery.id} data-testid="webhook-delivery">
            <TableCell dir="ltr">{delivery.type}</TableCell>
            <TableCell>
              {t(`webhooks.status.${delivery.status}`)}
              {delivery.statusCode !== null && ` (${delivery.statusCode}, ${delivery.durationMs ?? 0} ms)`}
            </TableCell>
            <TableCell>{delivery.attempts}</TableCell>
            <TableCell>
              <DateTime value={delivery.lastAttemptAt} fallback="—" />
            </TableCell>
            <TableCell sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} dir="ltr">
              {delivery.error ?? delivery.response ?? ''}
            </TableCell>
            <TableCell align="right">
              <Button size="small" disabled={resend.isPending} onClick={() => resend.mutate({ webhookId, deliveryId: delivery.id })}>
                {t('webhooks.resend')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
