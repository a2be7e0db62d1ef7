import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Webhook } from '@sms/contracts/webhooks';
import { IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../components/date-time';
import { EmptyState } from '../../../components/empty-state';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteWebhook } from '../../../api/webhooks/delete-webhook';
import { useEnableWebhook } from '../../../api/webhooks/enable-webhook';
import { useRotateWebhookSecret } from '../../../api/webhooks/rotate-webhook-secret';
import { useWebhooks } from '../../../api/webhooks/get-webhooks';
import { SecretOnce } from './secret-once';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookDialog } from './webhook-dialog';
import { eventKey } from './webhook-event-key';

/**
 * Webhook endpoints (administrators): register one (secret shown once), edit it, rotate its
 * signing secret (the new one shown once), turn it on again after a day of failures, see its
 * deliveries, remove it.
 */
export function WebhooksSection() {
  const { t } = useTranslation('developers');
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const [registering, setRegistering] = useState(false);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<{ message: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);

  if (webhooks.isPending) return <FullPageLoader />;
  if (webhooks.isError) return <RetryAlert error={webhooks.error} onRetry={() => void webhooks.refetch()} />;
  return (
    <Card sx={{ mt: 3 }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2, gap: 2 }}>
          <div>
            <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
              {t('webhooks.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('webhooks.description')}
            </Typography>
          </div>
          <Button variant="contained" onClick={() => setRegistering(true)}>
            {t('webhooks.create')}
          </Button>
        </Stack>
        {secret && <SecretOnce message={secret.message} secret={secret.secret} onClose={() => setSecret(null)} testId="webhook-secret" />}
        {webhooks.data.length === 0 && (
          <EmptyState icon={<IconWebhook size={36} stroke={1.4} />} title={t('webhooks.empty')} testId="webhooks-empty" />
        )}
        <Stack spacing={2}>
          {webhooks.data.map((webhook) => (
            <Box key={webhook.id} data-testid="webhook-row" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography dir="ltr" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {webhook.url}
                </Typography>
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <Button size="small" onClick={() => setOpen(open === webhook.id ? null : webhook.id)}>
                    {t('webhooks.deliveries')}
                  </Button>
                  <Button size="small" onClick={() => setEditing(webhook)}>
                    {t('webhooks.edit')}
                  </Button>
                  <Button size="small" onClick={() => setRotating(webhook)}>
                    {t('webhooks.rotate')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setRemoving(webhook)}>
                    {t('webhooks.remove')}
                  </Button>
                </Stack>
              </Stack>
              {webhook.description && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {webhook.description}
                </Typography>
              )}
              {!webhook.active && <TurnedOff webhook={webhook} />}
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
                {webhook.events.map((event) => (
                  <Chip key={event} size="small" label={t(`webhooks.events.${eventKey(event)}`)} />
                ))}
              </Stack>
              {open === webhook.id && (
                <Box sx={{ mt: 2 }}>
                  <WebhookDeliveries webhookId={webhook.id} />
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      </CardContent>
      {registering && (
        <WebhookDialog
          onClose={() => setRegistering(false)}
          onCreated={(created) => setSecret({ message: t('webhooks.secretOnce'), secret: created })}
        />
      )}
      {editing && <WebhookDialog key={editing.id} webhook={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={rotating !== null}
        title={t('webhooks.rotateTitle')}
        message={t('webhooks.rotateMessage', { url: rotating?.url ?? '' })}
        confirmLabel={t('webhooks.rotate')}
        busy={rotate.isPending}
        error={rotate.isError ? errorMessage(rotate.error) : null}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (rotated) => {
              setRotating(null);
              setSecret({ message: t('webhooks.rotatedSecretOnce'), secret: rotated.secret });
            },
          })
        }
        onClose={() => {
          rotate.reset();
          setRotating(null);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('webhooks.removeTitle')}
        message={removing?.url ?? ''}
        confirmLabel={t('webhooks.remove')}
        danger
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
      />
    </Card>
  );
}

/** Why an endpoint is off (a day of failures, or turned off by hand), and the button that turns it on again. */
function TurnedOff({ webhook }: { webhook: Webhook }) {
  const { t, i18n } = useTranslation('developers');
  const enable = useEnableWebhook();
  return (
    <Alert
      severity={webhook.disabledAt ? 'error' : 'info'}
      sx={{ mt: 1 }}
      data-testid="webhook-disabled"
      action={
        <Button color="inherit" size="small" disabled={enable.isPending} onClick={() => enable.mutate(webhook.id)}>
          {t('webhooks.enable')}
        </Button>
      }
    >
      {webhook.disabledAt ? t('webhooks.disabled', { date: formatDateTime(webhook.disabledAt, i18n.language) }) : t('webhooks.off')}
      {enable.isError && <Box sx={{ mt: 0.5 }}>{errorMessage(enable.error)}</Box>}
    </Alert>
  );
}
