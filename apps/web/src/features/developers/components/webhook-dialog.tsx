import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type Webhook, type WebhookEvent } from '@sms/contracts/webhooks';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { eventKey } from './webhook-event-key';
import { errorMessage } from '../../../lib/api-client';
import { useCreateWebhook } from '../../../api/webhooks/create-webhook';
import { useUpdateWebhook } from '../../../api/webhooks/update-webhook';
import { InputField } from '../../../components/forms/input-field';

/**
 * Registers an endpoint (URL, description, events; `onCreated` gets its secret, shown once) or,
 * given `webhook`, edits it. Mounted when opened, so it starts from the endpoint's own values.
 */
export function WebhookDialog({
  webhook,
  onClose,
  onCreated,
}: {
  webhook?: Webhook;
  onClose: () => void;
  onCreated?: (secret: string) => void;
}) {
  const { t } = useTranslation('developers');
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = webhook ? update : create;
  const titleId = useId();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(webhook?.events ?? [...WEBHOOK_EVENTS]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { url: url.trim(), description: description.trim(), events };
    if (webhook) update.mutate({ id: webhook.id, body }, { onSuccess: onClose });
    else
      create.mutate(body, {
        onSuccess: (created) => {
          onClose();
          onCreated?.(created.secret);
        },
      });
  };
  const title = webhook ? t('webhooks.editTitle') : t('webhooks.create');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ mt: 1 }}>
            {saving.isError && <Alert severity="error">{errorMessage(saving.error)}</Alert>}
            <InputField
              label={t('webhooks.url')}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              required
              autoFocus
              helperText={t('webhooks.urlHint')}
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url' } }}
            />
            <InputField
              label={t('webhooks.descriptionLabel')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              helperText={t('webhooks.descriptionHint')}
              slotProps={{ htmlInput: { maxLength: WEBHOOK_LIMITS.descriptionMax } }}
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
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving.isPending}>
            {webhook ? t('common:actions.save') : t('create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
