import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { CAMPAIGN_LIMITS } from '@sms/contracts/campaigns';
import { TEMPLATE_LIMITS, type Template } from '@sms/contracts/templates';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSaveTemplate } from '../../api/templates/save-template';
import { messageStats } from '../../lib/messaging/message-stats';
import { SmsCounter } from './sms-counter';
import { TemplateProblems } from './template-problems';
import { InputField } from '../forms/input-field';

export interface TemplateDialogProps {
  /** The template to edit, or the starting values of a new one (e.g. the composer's text). */
  initial: Partial<Pick<Template, 'id' | 'name' | 'category' | 'body' | 'senderId'>>;
  onClose: () => void;
  onSaved: (template: Template) => void;
}

/** Create or edit a template: name, category, text with the composer's counter and merge-field checks, optional sender ID. */
export function TemplateDialog({ initial, onClose, onSaved }: TemplateDialogProps) {
  const { t } = useTranslation('templates');
  const save = useSaveTemplate();
  const [name, setName] = useState(initial.name ?? '');
  const [category, setCategory] = useState(initial.category ?? '');
  const [body, setBody] = useState(initial.body ?? '');
  const [senderId, setSenderId] = useState(initial.senderId ?? '');
  const stats = useMemo(() => messageStats(body), [body]);
  const failedField = save.error instanceof ApiError ? save.error.field : undefined;
  const fieldError = (field: string) => (failedField === field ? errorMessage(save.error) : undefined);
  const blocked = name.trim() === '' || body.trim() === '' || stats.problems.length > 0;

  const submit = () =>
    save.mutate(
      { id: initial.id, body: { name, category: category || null, body, senderId: senderId.trim() || null } },
      { onSuccess: onSaved },
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="template-dialog-title">
      <DialogTitle id="template-dialog-title">{initial.id ? t('dialog.editTitle') : t('dialog.newTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.error && !failedField ? <Alert severity="error">{errorMessage(save.error)}</Alert> : null}
          <InputField
            label={t('fields.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            error={Boolean(fieldError('name'))}
            helperText={fieldError('name')}
            slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.nameMax, 'data-testid': 'template-name' } }}
          />
          <InputField
            label={t('fields.category')}
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            error={Boolean(fieldError('category'))}
            helperText={fieldError('category') ?? t('fields.categoryHint')}
            slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.categoryMax } }}
          />
          <InputField
            label={t('fields.body')}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            required
            multiline
            minRows={4}
            error={Boolean(fieldError('body'))}
            helperText={fieldError('body') ?? t('fields.bodyHint')}
            slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.bodyMax, dir: 'auto', 'data-testid': 'template-body' } }}
          />
          <SmsCounter analysis={stats.analysis} />
          <TemplateProblems body={body} problems={stats.problems} />
          <InputField
            label={t('fields.senderId')}
            value={senderId}
            onChange={(event) => setSenderId(event.target.value)}
            error={Boolean(fieldError('senderId'))}
            helperText={fieldError('senderId') ?? t('fields.senderIdHint')}
            slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.senderIdMax } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={blocked || save.isPending} data-testid="template-save">
          {t('dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
