import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ROLES } from '@sms/contracts/roles';
import { inviteBodySchema, type InvitationSentResponse } from '@sms/contracts/team';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/forms/form-select-field';
import { FormTextField } from '../../../components/forms/form-text-field';
import { showSubmitError } from '../../../components/forms/server-field-error';
import { useInvite } from '../../../api/team/invite';
import { InvitationLink } from './invitation-link';

const FIELDS = ['email', 'name', 'role'] as const;

/**
 * Invite someone: email, name and role. With SMTP the person gets an e-mail; without, the dialog
 * shows the link this once (it is never shown again: only its hash is kept).
 */
export function InviteDialog({ onClose, onSent }: { onClose: () => void; onSent: (sent: InvitationSentResponse) => void }) {
  const { t } = useTranslation(['team', 'common']);
  const invite = useInvite();
  const [failure, setFailure] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const roles = useMemo(() => ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) })), [t]);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(inviteBodySchema),
    defaultValues: { email: '', name: '', role: 'agent' as const },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const sent = await invite.mutateAsync(values);
      onSent(sent);
      if (sent.link) setLink(sent.link);
      else onClose();
    } catch (error) {
      showSubmitError(error, FIELDS, setError, setFailure);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invite-dialog-title">
      <DialogTitle id="invite-dialog-title">{t('invite.title')}</DialogTitle>
      {link ? (
        <>
          <DialogContent>
            <InvitationLink link={link} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} variant="contained" data-testid="invite-done">
              {t('invite.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} data-testid="invite-form">
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure ? <Alert severity="error">{failure}</Alert> : null}
              <FormTextField control={control} name="email" label={t('fields.email')} type="email" autoComplete="off" required />
              <FormTextField control={control} name="name" label={t('fields.name')} autoComplete="off" required />
              <FormSelectField control={control} name="role" label={t('fields.role')} options={roles} />
              <Alert severity="info">{t('invite.hint')}</Alert>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('invite.cancel')}</Button>
            <Button type="submit" variant="contained" loading={formState.isSubmitting} data-testid="invite-submit">
              {t('invite.submit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
