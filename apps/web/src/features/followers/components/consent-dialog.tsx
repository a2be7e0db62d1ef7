import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Follower } from '@sms/contracts/followers';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';

/** A follower's consent record: when, how it was confirmed, the words agreed to, and from where. */
export function ConsentDialog({ follower, onClose }: { follower: Follower | null; onClose: () => void }) {
  const { t } = useTranslation('followers');
  const consent = follower?.consent;
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <>
      <Typography component="dt" variant="subtitle2" sx={{ mt: 1.5 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} dir="auto" data-testid={testId}>
        {value}
      </Typography>
    </>
  );
  return (
    <Dialog open={follower !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="consent-dialog-title">
      <DialogTitle id="consent-dialog-title">{t('consent.title', { phone: follower?.phone ?? '' })}</DialogTitle>
      <DialogContent>
        {consent ? (
          <dl style={{ margin: 0 }} data-testid="consent-record">
            {row(t('consent.at'), <DateTime value={consent.at} fallback="" />)}
            {row(t('consent.source'), t(`consent.sources.${consent.source}`, { defaultValue: consent.source }), 'consent-source')}
            {row(t('consent.text'), consent.text ?? t('consent.none'), 'consent-text')}
            {row(t('consent.topic'), follower.topic ?? t('noTopic'))}
            {row(t('consent.ip'), consent.ip ?? t('consent.none'))}
            {row(t('consent.userAgent'), consent.userAgent ?? t('consent.none'))}
            {follower.unsubscribedAt ? row(t('consent.unsubscribedAt'), <DateTime value={follower.unsubscribedAt} fallback="" />) : null}
          </dl>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('consent.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
