import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { useEmailLogEntry } from '../../../api/email-log/get-email-log-entry';
import { EmailStatusChip } from './email-status-chip';
import { SmtpAnswer } from './smtp-answer';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/** One e-mail: where it went, what the server said, and its text when its kind holds no secret. */
export function EmailEntryDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('email-log');
  const query = useEmailLogEntry(id);
  const entry = query.data?.entry;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="email-entry-title">
      <DialogTitle id="email-entry-title">{t('entry.title')}</DialogTitle>
      <DialogContent>
        <LoadOrRetry query={query}>
          {entry ? (
            <Stack spacing={2} data-testid="email-entry">
              <Line label={t('fields.subject')}>
                <span dir="auto">{entry.subject}</span>
              </Line>
              <Line label={t('fields.recipient')}>
                <span dir="ltr">{entry.recipient}</span>
              </Line>
              <Line label={t('fields.kind')}>{t(`kinds.${entry.kind}`, { defaultValue: entry.kind })}</Line>
              <Line label={t('fields.status')}>
                <EmailStatusChip status={entry.status} />
              </Line>
              <Line label={t('fields.attempts')}>{entry.attempts}</Line>
              <Line label={t('fields.createdAt')}>
                <DateTime value={entry.createdAt} fallback="" />
              </Line>
              <Line label={t('fields.sentAt')}>
                <DateTime value={entry.sentAt} fallback={t('entry.notSent')} />
              </Line>
              <Line label={t('fields.answer')}>
                <SmtpAnswer entry={entry} />
              </Line>
              {entry.body !== null ? (
                <Line label={t('fields.body')}>
                  <Box component="pre" dir="auto" sx={{ whiteSpace: 'pre-wrap', m: 0, fontFamily: 'inherit' }}>
                    {entry.body}
                  </Box>
                </Line>
              ) : (
                <Alert severity="info">{t('entry.bodyNotKept')}</Alert>
              )}
            </Stack>
          ) : null}
        </LoadOrRetry>
      </DialogContent>
      <DialogActions>
        {entry?.webMessageId ? (
          <Button component={RouterLink} to={paths.webMessages} data-testid="open-web-message">
            {t('entry.openWebMessage')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('entry.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
