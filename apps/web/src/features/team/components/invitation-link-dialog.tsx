import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { InvitationLink } from './invitation-link';

/** A resent invitation's new link (no SMTP server), shown once. */
export function InvitationLinkDialog({ link, onClose }: { link: string; onClose: () => void }) {
  const { t } = useTranslation('team');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invitation-link-title">
      <DialogTitle id="invitation-link-title">{t('link.title')}</DialogTitle>
      <DialogContent>
        <InvitationLink link={link} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {t('invite.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
