import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@sms/contracts/audit-log';
import { IconX } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { actionLabel, actorLabel, formatAuditTime, subjectLabel } from './entry-text';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 2, py: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export interface AuditEntryPanelProps {
  entry: AuditEntry | null;
  onClose: () => void;
  /** Narrows the log to this entry's actor. */
  onFilterActor: (actor: { id: string; label: string }) => void;
}

/** The side panel of one audit entry: every field, and the details as formatted JSON. */
export function AuditEntryPanel({ entry, onClose, onFilterActor }: AuditEntryPanelProps) {
  const { t } = useTranslation(['audit', 'policy', 'common']);
  const { language } = useLanguage();
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={entry !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 460 } }, role: 'dialog', 'aria-labelledby': titleId } as object }}
    >
      {entry ? (
        <Box sx={{ p: 3 }} data-testid="audit-entry-panel">
          <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}>
            <Box>
              <Typography id={titleId} variant="h5" component="h2">
                {actionLabel(t, entry.action)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                {entry.action}
              </Typography>
            </Box>
            <IconButton onClick={onClose} aria-label={t('common:actions.close')} edge="end">
              <IconX size={20} />
            </IconButton>
          </Stack>
          <Divider />
          <Box component="dl" sx={{ my: 1 }}>
            <Field label={t('fields.at')}>
              <time dateTime={entry.at}>{formatAuditTime(entry.at, language)}</time>
            </Field>
            <Field label={t('fields.actor')}>
              {actorLabel(t, entry)}
              {entry.actor?.email && entry.actor.name ? ` <${entry.actor.email}>` : null}
            </Field>
            <Field label={t('fields.subject')}>{subjectLabel(t, entry.subject)}</Field>
            <Field label={t('fields.subjectId')}>{entry.subjectId ?? '—'}</Field>
            <Field label={t('fields.ip')}>{entry.ip ?? '—'}</Field>
          </Box>
          {entry.actor?.id ? (
            <Button
              size="small"
              variant="outlined"
              sx={{ mb: 2 }}
              onClick={() => entry.actor?.id && onFilterActor({ id: entry.actor.id, label: actorLabel(t, entry) })}
            >
              {t('panel.onlyThisActor')}
            </Button>
          ) : null}
          <Typography variant="h6" component="h3" sx={{ mt: 1, mb: 1 }}>
            {t('fields.details')}
          </Typography>
          {Object.keys(entry.details).length > 0 ? (
            <Box
              component="pre"
              dir="ltr"
              tabIndex={0}
              aria-label={t('fields.details')}
              sx={{
                m: 0,
                p: 2,
                borderRadius: 1,
                bgcolor: 'action.hover',
                fontSize: 13,
                overflow: 'auto',
                maxHeight: 420,
              }}
            >
              {JSON.stringify(entry.details, null, 2)}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('panel.noDetails')}
            </Typography>
          )}
        </Box>
      ) : null}
    </Drawer>
  );
}
