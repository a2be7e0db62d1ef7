import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery } from '@sms/contracts/webhooks';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../../components/card-list/card-list';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { DateTime } from '../../../components/date-time';
import { LtrText } from '../../../components/ltr-text';
import { RetryAlert } from '../../../components/retry-alert';
import { useWebhookDeliveries } from '../../../api/webhooks/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../../../api/webhooks/resend-webhook-delivery';

/** The delivery log of one endpoint: event, outcome, status code, duration, attempts, response excerpt, resend. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation('developers');
  const deliveries = useWebhookDeliveries(webhookId);
  const resend = useResendWebhookDelivery();
  const cards = useCardLayout();
  if (deliveries.isPending) return <Typography variant="body2">{t('common:loading')}</Typography>;
  if (deliveries.isError) return <RetryAlert error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('webhooks.noDeliveries')}
      </Typography>
    );
  const outcome = (delivery: WebhookDelivery) => (
    <>
      {t(`webhooks.status.${delivery.status}`)}
      {delivery.statusCode !== null && ` (${delivery.statusCode}, ${delivery.durationMs ?? 0} ms)`}
    </>
  );
  if (cards)
    // On a phone, cards: the table's six columns ran past the screen's edge.
    return (
      <CardList
        rows={deliveries.data}
        rowKey={(delivery) => delivery.id}
        label={t('webhooks.deliveries')}
        cardProps={() => ({ 'data-testid': 'webhook-delivery' })}
        title={(delivery) => <span dir="ltr">{delivery.type}</span>}
        fields={[
          { key: 'outcome', label: t('webhooks.outcome'), render: outcome },
          { key: 'attempts', label: t('webhooks.attempts'), render: (delivery) => delivery.attempts },
          { key: 'last', label: t('webhooks.lastAttempt'), render: (delivery) => <DateTime value={delivery.lastAttemptAt} fallback="—" /> },
          {
            key: 'response',
            label: t('webhooks.response'),
            render: (delivery) => <LtrText>{delivery.error ?? delivery.response ?? ''}</LtrText>,
          },
        ]}
        actions={(delivery) => [
          {
            key: 'resend',
            label: t('webhooks.resend'),
            icon: <IconRefresh size={20} aria-hidden />,
            onClick: () => resend.mutate({ webhookId, deliveryId: delivery.id }),
            disabled: resend.isPending,
          },
        ]}
      />
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
            <TableCell>{outcome(delivery)}</TableCell>
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
