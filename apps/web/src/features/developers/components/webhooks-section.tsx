import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@sms/contracts/webhooks';
import { IconWebhook } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../components/date-time';
import { EmptyState } from '../../../components/empty-state';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useCreateWebhook } from '../../../api/webhooks/create-webhook';
import { useDeleteWebhook } from '../../../api/webhooks/delete-webhook';
import { useWebhooks } from '../../../api/webhooks/get-webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { InputField } from '../../../components/forms/input-field';

/** The event's translation key ('message.status' -> 'message_status': a dot would nest the key). */
const eventKey = (event: WebhookEvent) => event.replace('.', '_');

/** Webhook endpoints (administrators): register one (URL, events; secret shown once), see its deliveries, remove it. */
export function WebhooksSection() {
  const { t, i18n } = useTranslation('developers');
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [registering, setRegistering] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);

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
        {secret && (
          <Alert severity="warning" onClose={() => setSecret(null)} sx={{ mb: 2 }} data-testid="webhook-secret">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('webhooks.secretOnce')}
            </Typography>
            <Typography component="code" dir="ltr" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {secret}
            </Typography>
          </Alert>
        )}
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
                <Stack direction="row" sx={{ gap: 1 }}>
                  <Button size="small" onClick={() => setOpen(open === webhook.id ? null : webhook.id)}>
                    {t('webhooks.deliveries')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setRemoving(webhook)}>
                    {t('webhooks.remove')}
                  </Button>
                </Stack>
              </Stack>
              {webhook.disabledAt && (
                <Alert severity="error" sx={{ mt: 1 }} data-testid="webhook-disabled">
                  {t('webhooks.disabled', { date: formatDateTime(webhook.disabledAt, i18n.language) })}
                </Alert>
              )}
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
      <RegisterWebhookDialog
        open={registering}
        onClose={() => setRegistering(false)}
        onCreated={(created) => {
          setRegistering(false);
          setSecret(created);
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

function RegisterWebhookDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (secret: string) => void }) {
  const { t } = useTranslation('developers');
  const create = useCreateWebhook();
  const titleId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const close = () => {
    create.reset();
    setUrl('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          close();
          onCreated(created.secret);
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('webhooks.create')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ mt: 1 }}>
            {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
            <InputField
              label={t('webhooks.url')}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              required
              autoFocus
              helperText={t('webhooks.urlHint')}
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url' } }}
            />
            <FormGroup aria-label={t('webhooks.eventsLabel')}>
              {WEBHOOK_EVENTS.map((name) => (
                <FormControlLabel
                  key={name}
                  label={t(`webhooks.events.${eventKey(name)}`)}
                  control={
                    <Checkbox
                      checked={events.includes(name)}
                      onChange={(event) =>
                        setEvents((current) => (event.target.checked ? [...current, name] : current.filter((e) => e !== name)))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
